import { useCallback, useRef, useState } from 'react';
import {
  hashKey,
  useMutation as useQueryMutation,
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { isAlreadyDone } from '@/domain/errors';

/**
 * The app's only useMutation (the lint refuses TanStack's own elsewhere): a double click does
 * one thing. A call made while the same call (equal variables) is still running does not start a
 * second write: it shares the first one's promise. And `isPending` is true from the call itself:
 * TanStack's own flag reaches the screen on a later task (its notifications are batched with a
 * timer), late enough for a second click to land on a button that still looks enabled, while a
 * state set in the click handler is rendered before the next event.
 */
export function useMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useQueryMutation(options);
  const { mutateAsync: start } = mutation;
  const running = useRef(new Map<string, Promise<TData>>());
  const [started, setStarted] = useState<{ count: number; variables?: TVariables }>({
    count: 0,
  });

  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      const key = hashKey([variables ?? null]);
      const same = running.current.get(key);
      if (same) return same;
      const settled = () => {
        running.current.delete(key);
        setStarted((s) => ({ count: s.count - 1, variables: s.variables }));
      };
      const promise = start(variables, callOptions);
      running.current.set(key, promise);
      setStarted((s) => ({ count: s.count + 1, variables }));
      promise.then(settled, settled);
      return promise;
    },
    [start],
  );

  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // As TanStack's mutate: the failure is the mutation's state (and its cache logs it).
      mutateAsync(variables, callOptions).catch(() => {});
    },
    [mutateAsync],
  );

  const waiting = started.count > 0 && !mutation.isPending;
  return {
    ...mutation,
    mutate,
    mutateAsync,
    ...(waiting
      ? {
          isPending: true,
          isIdle: false,
          isSuccess: false,
          isError: false,
          status: 'pending',
          variables: started.variables,
        }
      : {}),
  } as UseMutationResult<TData, TError, TVariables, TContext>;
}

/**
 * A write whose repeat the domain recognises (isAlreadyDone: a second request for the same
 * event, an approval already given, a report already filed by this person) settles as done, so
 * a retry after a lost answer shows the outcome instead of an error. Both backends throw the
 * domain's refusal, so both behave alike.
 */
export async function orAlreadyDone(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (e) {
    if (!isAlreadyDone(e)) throw e;
  }
}
