import type { Backend, BackendKind, DevTools } from '@/data/ports/backend';
import { deferPort, type EarlyMembers } from '@/lib/deferred-port';

type Port = Exclude<keyof Backend, 'kind' | 'dev' | 'scheduled'>;

const PORTS: Port[] = [
  'auth',
  'users',
  'events',
  'participation',
  'roster',
  'notifications',
  'conversations',
  'teams',
  'reports',
  'staff',
  'files',
  'api',
  'attendance',
];

/**
 * Members that answer synchronously. Before the backend is ready `currentUser()` is null (nobody
 * is known to be signed in yet, which is what the session's loading state shows); the others are
 * used only after the backend has answered (the session reads the scope on an auth change, a
 * chat takes a message id once its conversation has loaded), so using one earlier is a bug.
 */
const EARLY: Partial<Record<Port, EarlyMembers>> = {
  auth: { currentUser: () => null, sessionScope: 'not-before-ready' },
  conversations: { newMessageId: 'not-before-ready' },
};

/**
 * A Backend that can be handed to React before the real one has loaded, so the page frame (and
 * a prerendered page's hydration) never waits for the backend's code, its database or its SDK.
 * Each port is deferred (src/lib/deferred-port.ts): early calls wait for the backend, listeners
 * subscribe once it is there. If loading fails, every call rejects with the loading error, and
 * `ready` rejects with it.
 */
export function createDeferredBackend(
  kind: BackendKind,
  load: () => Promise<Backend>,
  dev?: Pick<DevTools, 'demoAccounts'>,
): { backend: Backend; ready: Promise<Backend> } {
  const loading = load();
  const parts = PORTS.map((name) => loading.then((b) => b[name]));
  const ports = Object.fromEntries(
    PORTS.map((name, i) => [name, deferPort(`backend.${name}`, parts[i]!, EARLY[name])]),
  );
  // Ready once every port answers directly (and calls made early have been passed on).
  const ready = Promise.all(parts).then(() => loading);
  // Callers see a failure through their own calls; this copy only keeps it from going unhandled.
  ready.catch(() => {});
  const backend = {
    kind,
    ...ports,
    dev: dev && {
      demoAccounts: dev.demoAccounts,
      outbox: () => ready.then((b) => b.dev!.outbox()),
      clearOutbox: () => ready.then((b) => b.dev!.clearOutbox()),
      resetDemoData: () => ready.then((b) => b.dev!.resetDemoData()),
    },
    // The local backend's schedule (Firebase schedules in the Cloud Functions).
    scheduled:
      kind === 'local'
        ? { runDueReminders: () => ready.then((b) => b.scheduled?.runDueReminders()) }
        : undefined,
  } as unknown as Backend;
  return { backend, ready };
}
