import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@/domain/errors';
import { createQueryClient } from '@/lib/query-client';
import { orAlreadyDone, useMutation } from './use-mutation';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

/** A write that stays pending until the test lets it finish, counting its calls. */
function heldWrite() {
  const calls: string[] = [];
  const finishers: (() => void)[] = [];
  const write = (v: string) => {
    calls.push(v);
    return new Promise<string>((resolve) => finishers.push(() => resolve(v)));
  };
  return { calls, write, finishAll: () => finishers.forEach((f) => f()) };
}

describe('useMutation', () => {
  it('is pending from the call itself and runs a repeated call once, sharing its promise', async () => {
    const held = heldWrite();
    const { result } = renderHook(() => useMutation({ mutationFn: held.write }), { wrapper });
    let first!: Promise<string>;
    let second!: Promise<string>;
    act(() => {
      first = result.current.mutateAsync('a');
      second = result.current.mutateAsync('a');
      result.current.mutate('a');
    });
    // Rendered pending before TanStack's own (timer-batched) notification.
    expect(result.current.isPending).toBe(true);
    expect(result.current.variables).toBe('a');
    expect(second).toBe(first);
    await waitFor(() => expect(held.calls).toEqual(['a']));
    held.finishAll();
    await expect(first).resolves.toBe('a');
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isPending).toBe(false);
    expect(held.calls).toEqual(['a']);

    // Once settled, the same call runs again.
    act(() => result.current.mutate('a'));
    await waitFor(() => expect(held.calls).toEqual(['a', 'a']));
    held.finishAll();
  });

  it('runs calls with other variables (removing two different notifications)', async () => {
    const held = heldWrite();
    const { result } = renderHook(() => useMutation({ mutationFn: held.write }), { wrapper });
    act(() => {
      result.current.mutate('a');
      result.current.mutate('b');
    });
    await waitFor(() => expect(held.calls).toEqual(['a', 'b']));
    held.finishAll();
    await waitFor(() => expect(result.current.isPending).toBe(false));
  });

  it('is no longer pending after a failure, and reports it', async () => {
    const { result } = renderHook(
      () =>
        useMutation({
          meta: { silent: true },
          mutationFn: () => Promise.reject(new DomainError('eventFull')),
        }),
      { wrapper },
    );
    await act(() => expect(result.current.mutateAsync()).rejects.toThrow('定員'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.isPending).toBe(false);
  });
});

describe('orAlreadyDone', () => {
  it('settles a repeat of a write that happened as done, and passes every other failure on', async () => {
    await expect(
      orAlreadyDone(Promise.reject(new DomainError('alreadyReported', { alreadyDone: true }))),
    ).resolves.toBeUndefined();
    await expect(
      orAlreadyDone(Promise.reject(new DomainError('alreadyProcessed'))),
    ).rejects.toThrow('このリクエストは既に処理されています');
    await expect(orAlreadyDone(Promise.reject(new Error('network')))).rejects.toThrow('network');
    await expect(orAlreadyDone(Promise.resolve('id'))).resolves.toBeUndefined();
  });
});
