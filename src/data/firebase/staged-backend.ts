import type { AuthPort } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import type { FilesPort } from '@/data/ports/files';
import { deferPort } from '@/lib/deferred-port';

/** Live listeners, by the ports' convention (src/lib/deferred-port.ts). */
const isListener = (key: string) => key === 'onAuthStateChanged' || key.startsWith('subscribe');

type Members = Record<string, unknown>;
type Listen = (...args: unknown[]) => () => void;

export interface Stages {
  /**
   * The first-read backend (src/data/firebase/first-read.ts), built on the auth and files ports
   * given here, which use the full backend. Its listeners deliver the current answer once.
   */
  createFirst(given: { auth: AuthPort; files: FilesPort }): Backend;
  /** Loads the full backend: Auth, the full Firestore SDK with listeners, Storage. */
  loadFull(): Promise<Backend>;
  /**
   * Resolves when a live listener may load the full SDK and move there (some seconds after the
   * page has loaded: src/data/firebase/load.ts).
   */
  goLive: Promise<void>;
  /** Resolves in the browser's next idle period. */
  idle: () => Promise<void>;
  /** The auth port's synchronous answers before Auth has loaded. */
  sessionScope: AuthPort['sessionScope'];
}

/**
 * The Firebase backend of a visitor nobody is signed in for (src/data/firebase/load.ts): its
 * calls read through the first-read backend (Firestore's REST API, nobody signed in) until the
 * full backend is needed, then everything goes to the full one. The full backend loads
 *   - on the first auth call other than onAuthStateChanged and currentUser (a sign-in, a sign-up,
 *     a password reset…), the first files call, or `startFull()`;
 *   - for a live listener, once `goLive` has resolved (some seconds after the page has loaded)
 *     and the listener's first answer has come, in the next idle period. Until then the
 *     listener is the first-read backend's, which delivers the current answer once, so the page
 *     shows its data without waiting for the SDK, and the SDK's download does not compete with
 *     that answer; then it subscribes on the full SDK instead (at once if the full backend has
 *     loaded meanwhile).
 * Until then onAuthStateChanged reports nobody, and reports the full backend's user once it has
 * loaded; currentUser() is null. Once the full backend is there, every member is its own.
 */
export function createStagedBackend(stages: Stages): {
  backend: Backend;
  /** Starts loading the full backend (once); resolves with it. */
  startFull: () => Promise<Backend>;
} {
  let full: Backend | null = null;
  let loading: Promise<Backend> | null = null;
  let arrived!: (b: Backend) => void;
  const fullArrived = new Promise<Backend>((resolve) => (arrived = resolve));
  const startFull = () =>
    (loading ??= stages.loadFull().then(
      (b) => {
        full = b;
        arrived(b);
        return b;
      },
      (e: unknown) => {
        loading = null; // the next need tries again (a chunk that failed may come the second time)
        throw e;
      },
    ));

  const fullPorts = new Map<string, Members>();
  const fullPort = (name: string): Members => {
    let port = fullPorts.get(name);
    if (!port) {
      port = deferPort<Members>(`backend.${name}`, () =>
        startFull().then((b) => (b as unknown as Record<string, Members>)[name]!),
      );
      fullPorts.set(name, port);
    }
    return port;
  };

  /**
   * A listener started before the full backend: the first-read one answers, then the full
   * backend's takes over (see createStagedBackend). Its callbacks are the function arguments, by
   * the ports' convention (src/lib/deferred-port.ts).
   */
  const laterListener =
    (name: string, key: string, port: Members) =>
    (...args: unknown[]) => {
      let answered!: () => void;
      const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
      const relayed = args.map((a) =>
        typeof a === 'function'
          ? (...values: unknown[]) => {
              answered();
              return (a as (...v: unknown[]) => unknown)(...values);
            }
          : a,
      );
      let unsubscribe: (() => void) | null = (port[key] as Listen)(...relayed);
      let cancelled = false;
      const takeOver = Promise.all([stages.goLive, firstAnswer]).then(stages.idle);
      void Promise.race([takeOver, fullArrived]).then(() => {
        if (cancelled) return;
        unsubscribe?.();
        unsubscribe = (fullPort(name)[key] as Listen)(...args);
      });
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    };

  const authBeforeFull = (key: string): unknown => {
    if (key === 'sessionScope') return stages.sessionScope;
    if (key === 'currentUser') return () => null;
    if (key === 'onAuthStateChanged') {
      return (report: (user: unknown) => void) => {
        let unsubscribe: (() => void) | null = null;
        let cancelled = false;
        // Nobody is signed in (what Auth would report), until Auth itself answers.
        queueMicrotask(() => {
          if (!cancelled && !full) report(null);
        });
        void fullArrived.then((b) => {
          if (!cancelled) unsubscribe = b.auth.onAuthStateChanged(report);
        });
        return () => {
          cancelled = true;
          unsubscribe?.();
        };
      };
    }
    return fullPort('auth')[key];
  };

  const staged = (name: string, first: () => Members): Members =>
    new Proxy({} as Members, {
      get(_target, key) {
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (full) {
          const port = (full as unknown as Record<string, Members>)[name]!;
          const value = port[key];
          return typeof value === 'function' ? value.bind(port) : value;
        }
        if (name === 'auth') return authBeforeFull(key);
        if (name === 'files') return fullPort(name)[key];
        const port = first();
        if (isListener(key)) return laterListener(name, key, port);
        const value = port[key];
        return typeof value === 'function' ? value.bind(port) : value;
      },
    });

  const auth = staged('auth', () => ({})) as unknown as AuthPort;
  const files = staged('files', () => ({})) as unknown as FilesPort;
  const first = stages.createFirst({ auth, files }) as unknown as Record<string, Members>;
  const backend = { kind: 'firebase' } as Record<string, unknown>;
  for (const name of Object.keys(first)) {
    if (name === 'kind' || name === 'dev' || name === 'scheduled') continue;
    backend[name] =
      name === 'auth' ? auth : name === 'files' ? files : staged(name, () => first[name]!);
  }
  return { backend: backend as unknown as Backend, startFull };
}
