import type { Backend, BackendKind, DevTools } from '@/data/ports/backend';

type Port = Exclude<keyof Backend, 'kind' | 'dev'>;

/**
 * Members that answer synchronously. Before the backend is ready `currentUser()` is null (nobody
 * is known to be signed in yet, which is what the session's loading state shows); the others are
 * used only after the backend has answered (the session reads the scope on an auth change, a
 * chat takes a message id once its conversation has loaded), so using one earlier is a bug.
 */
const SYNC_MEMBERS: Partial<Record<Port, Record<string, (() => unknown) | 'not-before-ready'>>> = {
  auth: { currentUser: () => null, sessionScope: 'not-before-ready' },
  conversations: { newMessageId: 'not-before-ready' },
};

/** Live listeners: they return their unsubscribe at once, whatever the backend's state. */
const isListener = (name: string) => name === 'onAuthStateChanged' || name.startsWith('subscribe');

/** A listener's error callback, by the ports' convention the last function argument. */
function errorCallback(args: unknown[]): ((e: unknown) => void) | undefined {
  const fns = args.filter((a): a is (e: unknown) => void => typeof a === 'function');
  return fns.length > 1 ? fns[fns.length - 1] : undefined;
}

/**
 * A Backend that can be handed to React before the real one has loaded, so the page frame (and
 * a prerendered page's hydration) never waits for the backend's code, its database or its SDK.
 * A call made early waits for the backend and then runs on it; a listener subscribes once it is
 * there (and not at all if it was unsubscribed first). Once loaded, every call goes straight
 * through. If loading fails, every call rejects (a listener reports to its error callback) with
 * the loading error, and `ready` rejects with it.
 */
export function createDeferredBackend(
  kind: BackendKind,
  load: () => Promise<Backend>,
  dev?: Pick<DevTools, 'demoAccounts'>,
): { backend: Backend; ready: Promise<Backend> } {
  let loaded: Backend | null = null;
  const ready = load().then((b) => (loaded = b));
  // Callers see the failure through their own calls; this copy only keeps it from going unhandled.
  ready.catch(() => {});

  const port = (name: Port) =>
    new Proxy({} as Record<string, unknown>, {
      get(_target, member) {
        if (typeof member !== 'string') return undefined;
        if (loaded) {
          const value = (loaded[name] as unknown as Record<string, unknown>)[member];
          return typeof value === 'function' ? value.bind(loaded[name]) : value;
        }
        const sync = SYNC_MEMBERS[name]?.[member];
        if (sync === 'not-before-ready') {
          throw new Error(`backend.${name}.${member} was read before the backend was ready`);
        }
        if (sync) return sync;
        if (isListener(member)) {
          return (...args: unknown[]) => {
            let unsubscribe: (() => void) | null = null;
            let cancelled = false;
            ready.then(
              (b) => {
                if (cancelled) return;
                const method = (b[name] as unknown as Record<string, (...a: unknown[]) => unknown>)[
                  member
                ]!;
                unsubscribe = method.apply(b[name], args) as () => void;
              },
              (e: unknown) => {
                if (!cancelled) errorCallback(args)?.(e);
              },
            );
            return () => {
              cancelled = true;
              unsubscribe?.();
            };
          };
        }
        return (...args: unknown[]) =>
          ready.then((b) => {
            const method = (b[name] as unknown as Record<string, (...a: unknown[]) => unknown>)[
              member
            ]!;
            return method.apply(b[name], args);
          });
      },
    });

  const backend = {
    kind,
    auth: port('auth'),
    users: port('users'),
    events: port('events'),
    participation: port('participation'),
    notifications: port('notifications'),
    conversations: port('conversations'),
    teams: port('teams'),
    reports: port('reports'),
    staff: port('staff'),
    files: port('files'),
    api: port('api'),
    dev: dev && {
      demoAccounts: dev.demoAccounts,
      outbox: () => ready.then((b) => b.dev!.outbox()),
      clearOutbox: () => ready.then((b) => b.dev!.clearOutbox()),
      resetDemoData: () => ready.then((b) => b.dev!.resetDemoData()),
    },
  } as unknown as Backend;
  return { backend, ready };
}
