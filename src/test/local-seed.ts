/**
 * The local backend's seed ids and types for tests under src/features, which may not import
 * src/data/local themselves (features reach data through the ports; only src/test and tests/
 * reach below them).
 */
export { DEMO_PASSWORD, DEMO_UIDS, seedEventId } from '@/data/local/seed';
export type { LocalBackend } from '@/data/local/create-local-backend';
