import { useEffect, useState } from 'react';
import { logger } from '@/lib/logger';

export type Subscribe<T> = (
  onChange: (value: T) => void,
  onError: (e: unknown) => void,
) => () => void;

export interface ListenerState<T> {
  status: 'stopped' | 'connecting' | 'live' | 'error';
  /** Deliveries since the listener was (re)started. */
  updates: number;
  lastUpdateAt: Date | null;
  lastError: { message: string; code: string; at: Date } | null;
  value: T | null;
}

const STARTING = {
  status: 'connecting',
  updates: 0,
  lastUpdateAt: null,
  lastError: null,
  value: null,
} as const;

/**
 * Runs one live listener and records what it does (for /debug-chat): its state, how many
 * deliveries it made, when, and its last error. It is torn down on unmount, on stop, and
 * before it is started again; `subscribe` must keep its identity (useCallback) while the same
 * listener is meant.
 */
export function useListener<T>(subscribe: Subscribe<T> | null) {
  const [running, setRunning] = useState(true);
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<ListenerState<T>>({ ...STARTING });

  useEffect(() => {
    if (!subscribe || !running) {
      setState((s) => ({ ...s, status: 'stopped' }));
      return;
    }
    setState({ ...STARTING });
    return subscribe(
      (value) =>
        setState((s) => ({
          ...s,
          status: 'live',
          updates: s.updates + 1,
          lastUpdateAt: new Date(),
          value,
        })),
      (e) => {
        logger.warn('debug-chat: listener error', e);
        setState((s) => ({
          ...s,
          status: 'error',
          lastError: {
            message: e instanceof Error ? e.message : String(e),
            code: String((e as { code?: unknown } | null)?.code ?? ''),
            at: new Date(),
          },
        }));
      },
    );
  }, [subscribe, running, generation]);

  return {
    state,
    restart: () => {
      setRunning(true);
      setGeneration((g) => g + 1);
    },
    stop: () => setRunning(false),
  };
}
