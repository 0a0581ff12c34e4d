import { vi } from 'vitest';
import type { Backend, LazyBackend } from '@/data/ports/backend';
import { createHandoverBackend } from './handover';
import type { RestPorts } from './rest-backend';

/** A REST backend and an SDK one, with the full one's loading and the page's load by hand. */
function stages() {
  const first = {
    events: {
      get: vi.fn(async (id: string) => ({ id, from: 'first' })),
      update: vi.fn(async () => 'first wrote'),
      subscribe: vi.fn((_id: string, next: (e: unknown) => void) => {
        next({ id: 'e1', from: 'first' });
        return firstUnsubscribe;
      }),
    },
  };
  const firstUnsubscribe = vi.fn();
  const unsubscribe = vi.fn();
  const full = {
    auth: {
      sessionScope: 'browser',
      currentUser: () => ({ uid: 'u1' }),
      signIn: vi.fn(async () => ({ uid: 'u1' })),
      onAuthStateChanged: vi.fn((report: (u: unknown) => void) => {
        report({ uid: 'u1' });
        return unsubscribe;
      }),
    },
    files: { upload: vi.fn(async () => 'full uploaded') },
    events: {
      get: vi.fn(async (id: string) => ({ id, from: 'full' })),
      update: vi.fn(async () => 'full wrote'),
      subscribe: vi.fn((_id: string, next: (e: unknown) => void) => {
        next({ id: 'e1', live: true });
        return unsubscribe;
      }),
    },
  };
  const loadFull = vi.fn(
    async () =>
      ({
        ports: {
          auth: async () => full.auth,
          files: async () => full.files,
          events: async () => full.events,
        },
      }) as unknown as LazyBackend,
  );
  let loaded!: () => void;
  const goLive = new Promise<void>((resolve) => (loaded = resolve));
  const handover = createHandoverBackend({
    first: { events: async () => first.events } as unknown as RestPorts,
    loadFull,
    goLive,
    idle: () => Promise.resolve(),
    sessionScope: 'browser',
  });
  /** A port as the app's proxy holds it once loaded. */
  const port = <K extends 'auth' | 'files' | 'events'>(name: K) =>
    handover.backend.ports[name]() as Promise<Backend[K]>;
  return {
    ...handover,
    port,
    first,
    full,
    loadFull,
    goLive: () => loaded(),
    unsubscribe,
    firstUnsubscribe,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createHandoverBackend', () => {
  it('reads through the REST backend without loading the SDK one', async () => {
    const s = stages();
    const events = await s.port('events');
    expect(await events.get('e1')).toEqual({ id: 'e1', from: 'first' });
    expect(s.loadFull).not.toHaveBeenCalled();
  });

  it('reports nobody signed in before Auth loads, then what Auth reports', async () => {
    const s = stages();
    const auth = await s.port('auth');
    const reports: unknown[] = [];
    auth.onAuthStateChanged((u) => reports.push(u));
    expect(auth.currentUser()).toBeNull();
    expect(auth.sessionScope).toBe('browser');
    await settle();
    expect(reports).toEqual([null]);
    expect(s.loadFull).not.toHaveBeenCalled();

    await auth.signIn('a@example.com', 'pw');
    expect(s.full.auth.signIn).toHaveBeenCalledWith('a@example.com', 'pw');
    await settle();
    expect(reports).toEqual([null, { uid: 'u1' }]);
    expect(auth.currentUser()).toEqual({ uid: 'u1' });
  });

  it('sends every call to the SDK backend once it has loaded', async () => {
    const s = stages();
    const events = await s.port('events');
    await s.startFull();
    expect(await events.get('e1')).toEqual({ id: 'e1', from: 'full' });
    const update = (events as unknown as { update: () => Promise<string> }).update;
    expect(await update()).toBe('full wrote');
    expect(s.first.events.get).not.toHaveBeenCalled();
    expect(s.loadFull).toHaveBeenCalledTimes(1);
  });

  it('gives a port first used after the handover as the SDK backend has it', async () => {
    const s = stages();
    await s.startFull();
    expect(await s.port('events')).toBe(s.full.events);
  });

  it('loads the SDK backend for files', async () => {
    const s = stages();
    const files = (await s.port('files')) as unknown as { upload: () => Promise<string> };
    expect(s.loadFull).not.toHaveBeenCalled();
    expect(await files.upload()).toBe('full uploaded');
    expect(s.loadFull).toHaveBeenCalledTimes(1);
  });

  it('answers a live listener from the REST backend, then from the SDK one once the page has loaded', async () => {
    const s = stages();
    const events = await s.port('events');
    const next = vi.fn();
    const stop = events.subscribe('e1', next, () => {});
    expect(next).toHaveBeenCalledWith({ id: 'e1', from: 'first' });
    await settle();
    expect(s.loadFull).not.toHaveBeenCalled();
    s.goLive();
    await vi.waitFor(() => expect(next).toHaveBeenLastCalledWith({ id: 'e1', live: true }));
    expect(s.firstUnsubscribe).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(2);
    stop();
    expect(s.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('moves a listener to the SDK backend only once its first answer has come', async () => {
    const s = stages();
    const events = await s.port('events');
    let answer!: (e: unknown) => void;
    s.first.events.subscribe.mockImplementationOnce((_id, next) => {
      answer = next;
      return s.firstUnsubscribe;
    });
    const next = vi.fn();
    events.subscribe('e1', next, () => {});
    s.goLive();
    await settle();
    expect(s.loadFull).not.toHaveBeenCalled();
    answer({ id: 'e1', from: 'first' });
    await vi.waitFor(() => expect(next).toHaveBeenLastCalledWith({ id: 'e1', live: true }));
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('moves a listener to the SDK backend at once when that has loaded for another need', async () => {
    const s = stages();
    const events = await s.port('events');
    const next = vi.fn();
    events.subscribe('e1', next, () => {});
    await s.startFull();
    await vi.waitFor(() => expect(next).toHaveBeenLastCalledWith({ id: 'e1', live: true }));
    expect(s.firstUnsubscribe).toHaveBeenCalledTimes(1);
  });

  it('does not subscribe a listener unsubscribed before the page loaded', async () => {
    const s = stages();
    const events = await s.port('events');
    const next = vi.fn();
    const stop = events.subscribe('e1', next, () => {});
    stop();
    expect(s.firstUnsubscribe).toHaveBeenCalledTimes(1);
    s.goLive();
    await settle();
    await settle();
    expect(s.full.events.subscribe).not.toHaveBeenCalled();
    expect(s.loadFull).not.toHaveBeenCalled();
  });

  it('tries loading the SDK backend again after a failure', async () => {
    const s = stages();
    s.loadFull.mockRejectedValueOnce(new Error('offline'));
    await expect(s.startFull()).rejects.toThrow('offline');
    await s.startFull();
    expect(s.loadFull).toHaveBeenCalledTimes(2);
  });
});
