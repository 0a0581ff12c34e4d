/**
 * The latest value a listener delivered, for a fetch that should take it rather than read the
 * same documents again: `get` gives it, or waits for the first one; after a failure it rejects
 * until `reset` (before the listener starts again) or the next value.
 */
export interface LatestValue<T> {
  get(): Promise<T>;
  set(value: T): void;
  fail(error: unknown): void;
  reset(): void;
}

export function latestValue<T>(): LatestValue<T> {
  let state: { value: T } | { error: unknown } | null = null;
  let waiting: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const settle = (next: { value: T } | { error: unknown }) => {
    state = next;
    const waiters = waiting;
    waiting = [];
    for (const w of waiters) {
      if ('value' in next) w.resolve(next.value);
      else w.reject(next.error);
    }
  };
  return {
    get: () => {
      const now = state;
      if (now && 'value' in now) return Promise.resolve(now.value);
      if (now) return Promise.reject(now.error);
      return new Promise<T>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    set: (value) => settle({ value }),
    fail: (error) => settle({ error }),
    reset: () => {
      state = null;
    },
  };
}
