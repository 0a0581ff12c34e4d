import { BackendError } from '@/domain/errors';
import { describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger';
import { retryWhileRefused } from './users';

const refusal = () => new BackendError('permission-denied');

describe('retryWhileRefused (the write refused right after a verification)', () => {
  it('tries a refused write again after each pause, logging every refusal, until it goes through', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const write = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(refusal())
      .mockResolvedValueOnce(undefined);
    const waited: number[] = [];
    await retryWhileRefused('users.markEmailVerified', write, [1000, 3000], async (ms) => {
      waited.push(ms);
    });
    expect(write).toHaveBeenCalledTimes(2);
    expect(waited).toEqual([1000]);
    expect(warn).toHaveBeenCalledWith(
      'users.markEmailVerified: refused by the rules, trying again (1)',
      expect.any(BackendError),
    );
  });

  it('throws the last refusal once the pauses are used up, for the caller to log', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const write = vi.fn<() => Promise<void>>().mockRejectedValue(refusal());
    const waited: number[] = [];
    await expect(
      retryWhileRefused('users.markEmailVerified', write, [1000, 3000], async (ms) => {
        waited.push(ms);
      }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect(write).toHaveBeenCalledTimes(3);
    expect(waited).toEqual([1000, 3000]);
  });

  it('does not retry other failures', async () => {
    const write = vi.fn<() => Promise<void>>().mockRejectedValue(new Error('offline'));
    await expect(retryWhileRefused('x', write, [1000], async () => {})).rejects.toThrow('offline');
    expect(write).toHaveBeenCalledTimes(1);
  });
});
