/**
 * The demo data's ids and the local backend's type for tests under src/features, which may not import
 * src/data/local themselves (features reach data through the ports; only src/test and tests/
 * reach below them).
 */
export { DEMO_PASSWORD, DEMO_UIDS } from '@/data/demo/people';
export { seedEventId } from '@/data/demo/events';
export type { LocalBackend } from '@/data/local/create-local-backend';
