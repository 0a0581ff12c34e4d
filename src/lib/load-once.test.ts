import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once and shares the result between calls', async () => {
    const load = vi.fn(async () => ({ n: 1 }));
    const get = loadOnce(load);
    const [a, b] = await Promise.all([get(), get()]);
    expect(await get()).toBe(a);
    expect(b).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failure, and keeps the success that follows', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue('loaded');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('chunk failed');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
