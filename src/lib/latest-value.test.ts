import { describe, expect, it } from 'vitest';
import { latestValue } from './latest-value';

describe('latestValue', () => {
  it('waits for the first value, then gives the latest at once', async () => {
    const latest = latestValue<number>();
    const first = latest.get();
    latest.set(1);
    await expect(first).resolves.toBe(1);
    latest.set(2);
    await expect(latest.get()).resolves.toBe(2);
  });

  it('rejects after a failure until reset, then waits for the next value', async () => {
    const latest = latestValue<number>();
    const waiting = latest.get();
    latest.fail(new Error('listener stopped'));
    await expect(waiting).rejects.toThrow('listener stopped');
    await expect(latest.get()).rejects.toThrow('listener stopped');
    latest.reset();
    const again = latest.get();
    latest.set(3);
    await expect(again).resolves.toBe(3);
  });
});
