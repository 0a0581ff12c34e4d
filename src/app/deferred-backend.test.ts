import { vi } from 'vitest';
import type { Backend, LazyBackend } from '@/data/ports/backend';
import { createDeferredBackend } from './deferred-backend';

/** A backend whose loading the test finishes (or fails) by hand. */
function pendingBackend() {
  let resolve!: (b: Backend) => void;
  let reject!: (e: unknown) => void;
  const loading = new Promise<Backend>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const unsubscribe = vi.fn();
  const real = {
    kind: 'local',
    auth: {
      sessionScope: 'tab',
      currentUser: () => ({ uid: 'u1' }),
      onAuthStateChanged: vi.fn((cb: (u: unknown) => void) => {
        cb({ uid: 'u1' });
        return unsubscribe;
      }),
    },
    events: {
      get: vi.fn(async (id: string) => ({ id })),
      subscribe: vi.fn((_id: string, _onChange: unknown, _onError: unknown) => unsubscribe),
    },
    notifications: {
      subscribe: vi.fn((_uid: string, _onChange: unknown, _onError: unknown) => unsubscribe),
    },
    conversations: { newMessageId: () => 'm1', subscribe: vi.fn(() => unsubscribe) },
    dev: { outbox: vi.fn(async () => ['mail']) },
  } as unknown as Backend;
  return { loading, resolve: () => resolve(real), reject, real, unsubscribe };
}

describe('createDeferredBackend', () => {
  it('runs a call made before the backend is there once it has loaded, and directly after', async () => {
    const p = pendingBackend();
    const { backend, ready } = createDeferredBackend('local', () => p.loading);
    const early = backend.events.get('e1');
    expect(p.real.events.get).not.toHaveBeenCalled();
    p.resolve();
    await expect(early).resolves.toEqual({ id: 'e1' });
    await ready;
    await expect(backend.events.get('e2')).resolves.toEqual({ id: 'e2' });
    expect(p.real.events.get).toHaveBeenLastCalledWith('e2');
  });

  it('subscribes a listener once the backend is there, and never if it was let go first', async () => {
    const p = pendingBackend();
    const { backend, ready } = createDeferredBackend('local', () => p.loading);
    const seen: unknown[] = [];
    const stop = backend.auth.onAuthStateChanged((u) => seen.push(u));
    const dropped = backend.notifications.subscribe(
      'u1',
      () => {},
      () => {},
    );
    dropped();
    p.resolve();
    await ready;
    expect(seen).toEqual([{ uid: 'u1' }]);
    expect(p.real.notifications.subscribe).not.toHaveBeenCalled();
    stop();
    expect(p.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('defers a live listener too: it subscribes once the backend is there', async () => {
    const p = pendingBackend();
    const { backend, ready } = createDeferredBackend('local', () => p.loading);
    const stop = backend.events.subscribe(
      'e1',
      () => {},
      () => {},
    );
    p.resolve();
    await ready;
    expect(p.real.events.subscribe).toHaveBeenCalledTimes(1);
    stop();
    expect(p.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('knows nobody is signed in before the backend is there, and refuses the other sync members', async () => {
    const p = pendingBackend();
    const { backend, ready } = createDeferredBackend('local', () => p.loading);
    expect(backend.kind).toBe('local');
    expect(backend.auth.currentUser()).toBeNull();
    expect(() => backend.auth.sessionScope).toThrow(/before the port was ready/);
    expect(() => backend.conversations.newMessageId()).toThrow(/before the port was ready/);
    p.resolve();
    await ready;
    expect(backend.auth.currentUser()).toEqual({ uid: 'u1' });
    expect(backend.auth.sessionScope).toBe('tab');
    // Another port loads on its first use; its sync members answer once it has.
    expect(() => backend.conversations.newMessageId()).toThrow(/before the port was ready/);
    backend.conversations.subscribe(
      'u1',
      () => {},
      () => {},
    );
    await vi.waitFor(() => expect(backend.conversations.newMessageId()).toBe('m1'));
  });

  it('passes a failure to load to every call and listener', async () => {
    const p = pendingBackend();
    const { backend, ready } = createDeferredBackend('local', () => p.loading);
    const call = backend.events.get('e1');
    const onError = vi.fn();
    backend.notifications.subscribe('u1', () => {}, onError);
    const failure = new Error('offline');
    p.reject(failure);
    await expect(ready).rejects.toBe(failure);
    await expect(call).rejects.toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it("loads a lazy backend's port on its first use, once, and then calls the port itself", async () => {
    const events = { get: vi.fn(async (id: string) => ({ id })) };
    const loadEvents = vi.fn(async () => events);
    const auth = { currentUser: () => null };
    const lazy = {
      ports: { auth: async () => auth, events: loadEvents },
    } as unknown as LazyBackend;
    const { backend, ready } = createDeferredBackend('local', async () => lazy);
    await ready;
    expect(loadEvents).not.toHaveBeenCalled();
    await expect(backend.events.get('e1')).resolves.toEqual({ id: 'e1' });
    await expect(backend.events.get('e2')).resolves.toEqual({ id: 'e2' });
    expect(loadEvents).toHaveBeenCalledTimes(1);
    // Once loaded, a member is the port's own (bound), not a wrapper that waits.
    expect(backend.events.get.name).toBe(`bound ${events.get.name}`);
    expect(events.get.mock.contexts.every((self) => self === events)).toBe(true);
  });

  it('offers the demo accounts at once and the dev tools through the backend', async () => {
    const p = pendingBackend();
    const accounts = [{ email: 'a@example.com', password: 'pw', label: 'A' }];
    const { backend } = createDeferredBackend('local', () => p.loading, { demoAccounts: accounts });
    expect(backend.dev?.demoAccounts).toBe(accounts);
    const outbox = backend.dev!.outbox();
    p.resolve();
    await expect(outbox).resolves.toEqual(['mail']);
    expect(createDeferredBackend('firebase', () => p.loading).backend.dev).toBeUndefined();
  });
});
