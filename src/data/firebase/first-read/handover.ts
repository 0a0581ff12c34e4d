import type { AuthPort } from '@/data/ports/auth';
import type { LazyBackend, PortName } from '@/data/ports/backend';
import { deferPort } from '@/lib/deferred-port';
import type { RestPorts } from './rest-backend';

/** Live listeners, by the ports' convention (src/lib/deferred-port.ts). */
const isListener = (key: string) => key === 'onAuthStateChanged' || key.startsWith('subscribe');

type Members = Record<string, unknown>;
type Listen = (...args: unknown[]) => () => void;

const member = (port: Members, key: string): unknown => {
  const value = port[key];
  return typeof value === 'function' ? value.bind(port) : value;
};

export interface Stages {
  /**
   * The REST backend's ports (./rest-backend.ts): nobody signed in, and its listeners deliver the
   * current answer once.
   */
  first: RestPorts;
  /** Opens the SDK backend: Auth, the full Firestore SDK with listeners, Storage. */
  loadFull(): Promise<LazyBackend>;
  /**
   * Resolves when a live listener may load the full SDK and move there (some seconds after the
   * page has loaded: src/data/firebase/open-backend.ts).
   */
  goLive: Promise<void>;
  /** Resolves in the browser's next idle period. */
  idle: () => Promise<void>;
  /** The auth port's synchronous answers before Auth has loaded. */
  sessionScope: AuthPort['sessionScope'];
}

/**
 * The Firebase backend of a visitor nobody is signed in for (src/data/firebase/open-backend.ts):
 * each port hands its calls over from the REST backend (Firestore's REST API, nobody signed in)
 * to the SDK backend when that is needed. The SDK backend loads
 *   - on the first auth call other than onAuthStateChanged and currentUser (a sign-in, a sign-up,
 *     a password reset…), the first files call, or `startFull()`;
 *   - for a live listener, once `goLive` has resolved (some seconds after the page has loaded)
 *     and the listener's first answer has come, in the next idle period. Until then the
 *     listener is the REST backend's, which delivers the current answer once, so the page
 *     shows its data without waiting for the SDK, and the SDK's download does not compete with
 *     that answer; then it subscribes on the SDK instead (at once if the SDK backend has loaded
 *     meanwhile).
 * Until then onAuthStateChanged reports nobody, and reports the SDK backend's user once it has
 * loaded; currentUser() is null. Once the SDK backend is there (with the ports in use loaded),
 * every member is its own; a port first used after that is the SDK backend's itself. Each port
 * here is a proxy the app's one proxy (src/app/deferred-backend.ts) holds: a visitor's call
 * crosses the two.
 */
export function createHandoverBackend(stages: Stages): {
  backend: LazyBackend;
  /** Starts loading the SDK backend (once); resolves with it. */
  startFull: () => Promise<LazyBackend>;
} {
  let full: LazyBackend | null = null;
  let loading: Promise<LazyBackend> | null = null;
  let arrived!: (b: LazyBackend) => void;
  const fullArrived = new Promise<LazyBackend>((resolve) => (arrived = resolve));
  /** The ports handed over here, and the SDK backend's ones that have loaded, by name. */
  const handed = new Set<string>();
  const fullLoaded = new Map<string, Members>();
  const loadFullPort = async (b: LazyBackend, name: string): Promise<Members> => {
    const port = (await b.ports[name as PortName]()) as unknown as Members;
    fullLoaded.set(name, port);
    return port;
  };
  // The SDK backend takes over once it has the ports in use, so a member that answers at once
  // (currentUser, newMessageId) answers as its own from then on.
  const takeOver = async (b: LazyBackend) => {
    let missing: string[];
    while ((missing = [...handed].filter((n) => !fullLoaded.has(n))).length > 0) {
      await Promise.all(missing.map((n) => loadFullPort(b, n)));
    }
    full = b;
    arrived(b);
    return b;
  };
  const startFull = () =>
    (loading ??= stages
      .loadFull()
      .then(takeOver)
      .catch((e: unknown) => {
        loading = null; // the next need tries again (a chunk that failed may come the second time)
        throw e;
      }));

  const fullPorts = new Map<string, Members>();
  /** The SDK backend's port, usable before it has loaded (its first use loads it). */
  const fullPort = (name: string): Members => {
    let port = fullPorts.get(name);
    if (!port) {
      port = deferPort<Members>(`backend.${name}`, () =>
        startFull().then((b) => fullLoaded.get(name) ?? loadFullPort(b, name)),
      );
      fullPorts.set(name, port);
    }
    return port;
  };

  /**
   * A listener started before the SDK backend: the REST one answers, then the SDK backend's takes
   * over (see createHandoverBackend). Its callbacks are the function arguments, by the ports'
   * convention (src/lib/deferred-port.ts).
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
      const goneLive = Promise.all([stages.goLive, firstAnswer]).then(stages.idle);
      void Promise.race([goneLive, fullArrived]).then(() => {
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
        void fullArrived.then(() => {
          const auth = fullLoaded.get('auth') as unknown as AuthPort;
          if (!cancelled) unsubscribe = auth.onAuthStateChanged(report);
        });
        return () => {
          cancelled = true;
          unsubscribe?.();
        };
      };
    }
    return fullPort('auth')[key];
  };

  /** A port handed over: `first` is the REST backend's (none for auth and files). */
  const handover = (name: string, first: Members | null): Members => {
    handed.add(name);
    return new Proxy({} as Members, {
      get(_target, key) {
        if (typeof key !== 'string' || key === 'then') return undefined;
        if (full) return member(fullLoaded.get(name)!, key);
        if (name === 'auth') return authBeforeFull(key);
        if (!first) return fullPort(name)[key];
        if (isListener(key)) return laterListener(name, key, first);
        return member(first, key);
      },
    });
  };

  /** A port as the app loads it: handed over, or the SDK backend's own once that has taken over. */
  const port =
    (name: string, first: () => Promise<Members | null>) => async (): Promise<Members> => {
      if (full) return fullLoaded.get(name) ?? loadFullPort(full, name);
      const firstPort = await first();
      if (full) return fullLoaded.get(name) ?? loadFullPort(full, name);
      return handover(name, firstPort);
    };

  const none = () => Promise.resolve(null);
  const ports: Record<string, () => Promise<Members>> = { auth: port('auth', none) };
  ports.files = port('files', none);
  for (const [name, load] of Object.entries(stages.first)) {
    ports[name] = port(name, load as () => Promise<Members>);
  }
  return { backend: { ports: ports as unknown as LazyBackend['ports'] }, startFull };
}
