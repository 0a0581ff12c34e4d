import type { Backend, BackendKind, DevTools, LazyBackend, PortName } from '@/data/ports/backend';
import { SHARED_PORTS } from '@/data/use-cases/shared-ports';
import { deferPort, type EarlyMembers } from '@/lib/deferred-port';

/** Every port of a Backend: the shared ones (their registry) and those each backend has its own. */
const PORTS = [...Object.keys(SHARED_PORTS), 'auth', 'files', 'api'] as PortName[];

/**
 * Members that answer synchronously. Before the backend is ready `currentUser()` is null (nobody
 * is known to be signed in yet, which is what the session's loading state shows); the others are
 * used only after their port has answered (the session reads the scope on an auth change, a
 * chat takes a message id once its conversation has loaded), so using one earlier is a bug.
 */
const EARLY: Partial<Record<PortName, EarlyMembers>> = {
  auth: { currentUser: () => null, sessionScope: 'not-before-ready' },
  conversations: { newMessageId: 'not-before-ready' },
};

/** A port of the loaded backend: loaded on demand when the backend loads its ports lazily. */
function portOf<K extends PortName>(loaded: Backend | LazyBackend, name: K): Promise<Backend[K]> {
  return 'ports' in loaded ? loaded.ports[name]() : Promise.resolve((loaded as Backend)[name]);
}

/**
 * A Backend that can be handed to React before the real one has loaded, so the page frame (and
 * a prerendered page's hydration) never waits for the backend's code, its database or its SDK.
 * This is the one proxy between the app and a backend: each port is deferred here once
 * (src/lib/deferred-port.ts), and once it has loaded a call goes straight to the use case. Early
 * calls wait for their port, listeners subscribe once it is there. The session's port loads with
 * the backend; another loads on its first use (the local backend's ports are chunks of their
 * own, LazyBackend). If loading fails, every call rejects with the loading error, and `ready`
 * rejects with it.
 */
export function createDeferredBackend(
  kind: BackendKind,
  load: () => Promise<Backend | LazyBackend>,
  dev?: Pick<DevTools, 'demoAccounts'>,
): { backend: Backend; ready: Promise<Backend | LazyBackend> } {
  const loading = load();
  const auth = loading.then((b) => portOf(b, 'auth'));
  const ports = Object.fromEntries(
    PORTS.map((name) => [
      name,
      deferPort(
        `backend.${name}`,
        name === 'auth' ? auth : () => loading.then((b) => portOf(b, name)),
        EARLY[name],
      ),
    ]),
  );
  // Ready once the backend has opened and the session's port answers.
  const ready = auth.then(() => loading);
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
        ? {
            runDueReminders: () => ready.then((b) => b.scheduled?.runDueReminders()),
            runSeriesDates: (id?: string) => ready.then((b) => b.scheduled?.runSeriesDates(id)),
            runAutoAttendance: () => ready.then((b) => b.scheduled?.runAutoAttendance()),
            runHeadcountDecisions: () => ready.then((b) => b.scheduled?.runHeadcountDecisions()),
          }
        : undefined,
  } as unknown as Backend;
  return { backend, ready };
}
