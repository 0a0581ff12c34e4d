import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { logger } from '@/lib/logger';

type Subscribe<T> = (onChange: (value: T) => void, onError: (e: unknown) => void) => () => void;

export interface LiveState<T> {
  /** The latest value, undefined until the first one arrives (and right after the key changes). */
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  /** Subscribes again after an error. */
  retry: () => void;
}

/**
 * Keeps a live backend listener open while the component is mounted and `key` stays the same.
 * A new key (another user, another conversation) tears the old listener down before the new one
 * starts, and nothing of the old value is shown meanwhile. A null key listens to nothing.
 */
export function useLiveSubscription<T>(
  key: string | null,
  subscribe: Subscribe<T>,
  context: string,
): LiveState<T> {
  const start = useEffectEvent(subscribe);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const [state, setState] = useState<{ key: string | null; data?: T; error: unknown }>({
    key: null,
    error: null,
  });

  useEffect(() => {
    if (key === null) return;
    setState({ key, error: null });
    return start(
      (data) => setState({ key, data, error: null }),
      (error) => {
        logger.error(context, error);
        setState((s) => ({ ...s, key, error }));
      },
    );
  }, [key, attempt, context]);

  const current = key !== null && state.key === key;
  const data = current ? state.data : undefined;
  const error = current ? state.error : null;
  return {
    data,
    error,
    isLoading: key !== null && data === undefined && !error,
    retry,
  };
}
