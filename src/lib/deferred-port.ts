/**
 * What a deferred port does for a member called before the port is there: `() => value` answers
 * at once; 'not-before-ready' throws, for members callers only use once the port has answered.
 * Any other member is a method returning a promise, or a live listener (onAuthStateChanged,
 * subscribe…) returning its unsubscribe.
 */
export type EarlyMembers = Record<string, (() => unknown) | 'not-before-ready'>;

/** Live listeners: they return their unsubscribe at once, whatever the port's state. */
const isListener = (name: string) => name === 'onAuthStateChanged' || name.startsWith('subscribe');

/** A listener's error callback, by the ports' convention the last function argument. */
function errorCallback(args: unknown[]): ((e: unknown) => void) | undefined {
  const fns = args.filter((a): a is (e: unknown) => void => typeof a === 'function');
  return fns.length > 1 ? fns[fns.length - 1] : undefined;
}

type Members = Record<string, unknown>;

/**
 * A port usable before it exists: a call made early waits for the port and then runs on it; a
 * listener subscribes once it is there (and not at all if it was unsubscribed first). Once the
 * port is there, every member goes straight through. If it fails, every call rejects (a listener
 * reports to its error callback) with that error. `port` is the port to come, or a function that
 * loads it, called when a member is first used (and again after it failed). `name` names the port
 * in errors.
 */
export function deferPort<T extends object>(
  name: string,
  port: Promise<T> | (() => Promise<T>),
  early: EarlyMembers = {},
): T {
  let loaded: Members | null = null;
  let loading: Promise<T> | null = null;
  const start = () => {
    if (!loading) {
      loading = typeof port === 'function' ? port() : port;
      loading.then(
        (p) => (loaded = p as Members),
        () => {
          // Callers see the failure through their own calls; a loader is tried again by the
          // next one (a chunk that failed to download may come the second time).
          if (typeof port === 'function') loading = null;
        },
      );
    }
    return loading;
  };
  if (typeof port !== 'function') start();
  const call = (p: T, key: string, args: unknown[]) =>
    ((p as Members)[key] as (...a: unknown[]) => unknown).apply(p, args);

  const member = (key: string): unknown => {
    if (loaded) {
      const value = loaded[key];
      return typeof value === 'function' ? value.bind(loaded) : value;
    }
    const now = early[key];
    if (now === 'not-before-ready') {
      throw new Error(`${name}.${key} was read before the port was ready`);
    }
    if (now) return now;
    if (isListener(key)) {
      return (...args: unknown[]) => {
        let unsubscribe: (() => void) | null = null;
        let cancelled = false;
        start().then(
          (p) => {
            if (!cancelled) unsubscribe = call(p, key, args) as () => void;
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
    return (...args: unknown[]) => start().then((p) => call(p, key, args));
  };

  // A member defined on the proxy itself (a test's spy) takes the place of the port's.
  return new Proxy({} as T, {
    get(target, key) {
      // Not a thenable: a promise resolved with the port must not try to chain on it.
      if (typeof key !== 'string' || key === 'then') return undefined;
      return Object.hasOwn(target, key) ? (target as Members)[key] : member(key);
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key !== 'string' || key === 'then' || Object.hasOwn(target, key)) {
        return Reflect.getOwnPropertyDescriptor(target, key);
      }
      return { value: member(key), writable: true, enumerable: true, configurable: true };
    },
  });
}
