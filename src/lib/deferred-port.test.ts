import { vi } from 'vitest';
import { deferPort } from './deferred-port';

describe('deferPort', () => {
  it('is no thenable, so a promise can resolve to it', async () => {
    const port = deferPort('p', async () => ({ ping: async () => 'pong' }));
    const same = await Promise.resolve(port);
    expect(same).toBe(port);
    await expect(port.ping()).resolves.toBe('pong');
  });

  it('loads a port given as a loader on its first use only', async () => {
    const load = vi.fn(async () => ({ ping: async () => 'pong' }));
    const port = deferPort('p', load);
    expect(load).not.toHaveBeenCalled();
    await expect(port.ping()).resolves.toBe('pong');
    await port.ping();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('deferPort and test spies', () => {
  it('lets a spy stand in for a member before and after the port has loaded', async () => {
    const port = deferPort('p', async () => ({ ping: async (x: string) => `pong ${x}` }));
    const spy = vi.spyOn(port, 'ping');
    await expect(port.ping('a')).resolves.toBe('pong a');
    expect(spy).toHaveBeenCalledWith('a');
    spy.mockResolvedValueOnce('mocked');
    await expect(port.ping('b')).resolves.toBe('mocked');
  });
});

describe('deferPort loading a port', () => {
  it('tries a failed loader again on the next call', async () => {
    const load = vi
      .fn<() => Promise<{ ping: () => Promise<string> }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ ping: async () => 'pong' });
    const port = deferPort('p', load);
    await expect(port.ping()).rejects.toThrow('chunk failed');
    await expect(port.ping()).resolves.toBe('pong');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
