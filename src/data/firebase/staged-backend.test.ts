import { vi } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import { createStagedBackend } from './staged-backend';

/** A first-read backend and a full one, with the full one's loading and the page's load by hand. */
function stages() {
  const first = {
    kind: 'firebase',
    auth: null,
    files: null,
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
    kind: 'firebase',
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
  const loadFull = vi.fn(async () => full as unknown as Backend);
  let loaded!: () => void;
  const goLive = new Promise<void>((resolve) => (loaded = resolve));
  const given: { auth?: unknown; files?: unknown } = {};
  const staged = createStagedBackend({
    createFirst: (g) => {
      Object.assign(given, g);
      return { ...first, ...g } as unknown as Backend;
    },
    loadFull,
    goLive,
    idle: () => Promise.resolve(),
    sessionScope: 'browser',
  });
  return {
    ...staged,
    first,
    full,
    loadFull,
    goLive: () => loaded(),
    given,
    unsubscribe,
    firstUnsubscribe,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createStagedBackend', () => {
  it('reads through the first-read backend without loading the full one', async () => {
    const s = stages();
    expect(await s.backend.events.get('e1')).toEqual({ id: 'e1', from: 'first' });
    expect(s.loadFull).not.toHaveBeenCalled();
  });

  it('reports nobody signed in before Auth loads, then what Auth reports', async () => {
    const s = stages();
    const reports: unknown[] = [];
    s.backend.auth.onAuthStateChanged((u) => reports.push(u));
    expect(s.backend.auth.currentUser()).toBeNull();
    expect(s.backend.auth.sessionScope).toBe('browser');
    await settle();
    expect(reports).toEqual([null]);
    expect(s.loadFull).not.toHaveBeenCalled();

    await s.backend.auth.signIn('a@example.com', 'pw');
    expect(s.full.auth.signIn).toHaveBeenCalledWith('a@example.com', 'pw');
    await settle();
    expect(reports).toEqual([null, { uid: 'u1' }]);
    expect(s.backend.auth.currentUser()).toEqual({ uid: 'u1' });
  });

  it('sends every call to the full backend once it has loaded', async () => {
    const s = stages();
    await s.startFull();
    expect(await s.backend.events.get('e1')).toEqual({ id: 'e1', from: 'full' });
    const update = s.backend.events.update as unknown as () => Promise<string>;
    expect(await update()).toBe('full wrote');
    expect(s.first.events.get).not.toHaveBeenCalled();
    expect(s.loadFull).toHaveBeenCalledTimes(1);
  });

  it('loads the full backend for files, also from the first-read ports', async () => {
    const s = stages();
    const files = s.given.files as Backend['files'];
    expect(await (files as unknown as { upload: () => Promise<string> }).upload()).toBe(
      'full uploaded',
    );
    expect(s.loadFull).toHaveBeenCalledTimes(1);
  });

  it('answers a live listener from the first-read backend, then from the full one once the page has loaded', async () => {
    const s = stages();
    const next = vi.fn();
    const stop = s.backend.events.subscribe('e1', next, () => {});
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

  it('moves a listener to the full backend only once its first answer has come', async () => {
    const s = stages();
    let answer!: (e: unknown) => void;
    s.first.events.subscribe.mockImplementationOnce((_id, next) => {
      answer = next;
      return s.firstUnsubscribe;
    });
    const next = vi.fn();
    s.backend.events.subscribe('e1', next, () => {});
    s.goLive();
    await settle();
    expect(s.loadFull).not.toHaveBeenCalled();
    answer({ id: 'e1', from: 'first' });
    await vi.waitFor(() => expect(next).toHaveBeenLastCalledWith({ id: 'e1', live: true }));
    expect(next).toHaveBeenCalledTimes(2);
  });

  it('moves a listener to the full backend at once when that has loaded for another need', async () => {
    const s = stages();
    const next = vi.fn();
    s.backend.events.subscribe('e1', next, () => {});
    await s.startFull();
    await vi.waitFor(() => expect(next).toHaveBeenLastCalledWith({ id: 'e1', live: true }));
    expect(s.firstUnsubscribe).toHaveBeenCalledTimes(1);
  });

  it('does not subscribe a listener unsubscribed before the page loaded', async () => {
    const s = stages();
    const next = vi.fn();
    const stop = s.backend.events.subscribe('e1', next, () => {});
    stop();
    expect(s.firstUnsubscribe).toHaveBeenCalledTimes(1);
    s.goLive();
    await settle();
    await settle();
    expect(s.full.events.subscribe).not.toHaveBeenCalled();
    expect(s.loadFull).not.toHaveBeenCalled();
  });

  it('tries loading the full backend again after a failure', async () => {
    const s = stages();
    s.loadFull.mockRejectedValueOnce(new Error('offline'));
    await expect(s.startFull()).rejects.toThrow('offline');
    await expect(s.startFull()).resolves.toBe(s.full);
    expect(s.loadFull).toHaveBeenCalledTimes(2);
  });
});
