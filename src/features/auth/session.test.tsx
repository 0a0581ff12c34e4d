import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AuthPort, AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import { userProfileSchema, type UserProfile } from '@/domain/entities/user';
import { BackendContext } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { createQueryClient } from '@/lib/query-client';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createTestBackend, signInAs } from '@/test/render-with-backend';
import { registering } from './registration';
import { buildSessionUser, SessionProvider, useSession } from './session';

const profile = userProfileSchema.parse({ id: 'u1', displayName: 'プロフィール 名前' });
const authUser: AuthUser = {
  uid: 'u1',
  email: 'u1@example.com',
  displayName: '認証 名前',
  photoURL: '',
  emailVerified: false,
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function Probe() {
  const { state } = useSession();
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{state.status}</dd>
      <dt>name</dt>
      <dd data-testid="name">{state.user ? `[${state.user.displayName}]` : ''}</dd>
      <dt>role</dt>
      <dd data-testid="role">{state.user?.role ?? ''}</dd>
    </dl>
  );
}

function renderSession(backend: Backend, queryClient = createQueryClient()) {
  render(
    <BackendContext.Provider value={backend}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>
    </BackendContext.Provider>,
  );
  return queryClient;
}

/** A backend whose auth state the test drives and whose profile load the test decides. */
function fakeBackend(options: {
  get: () => Promise<UserProfile | null>;
  recordLogin?: () => Promise<void>;
  sessionScope?: AuthPort['sessionScope'];
}) {
  let listener: ((u: AuthUser | null) => void) | null = null;
  const auth = {
    sessionScope: options.sessionScope ?? 'browser',
    onAuthStateChanged(cb: (u: AuthUser | null) => void) {
      listener = cb;
      return () => {
        listener = null;
      };
    },
    currentUser: () => null,
  } as unknown as AuthPort;
  const recordLogin = vi.fn(options.recordLogin ?? (async () => {}));
  const backend = {
    kind: 'firebase',
    auth,
    users: { get: vi.fn(options.get), recordLogin, markEmailVerified: vi.fn(async () => {}) },
  } as unknown as Backend;
  return { backend, recordLogin, emit: (u: AuthUser | null) => act(() => listener?.(u)) };
}

describe('session display name when the profile cannot be loaded', () => {
  it('uses the stored display name first', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    localStorage.setItem(
      STORAGE_KEYS.displayName,
      JSON.stringify({ uid: 'u1', name: '保存 名前' }),
    );
    const { backend, emit } = fakeBackend({ get: () => Promise.reject(new Error('offline')) });
    renderSession(backend);
    emit(authUser);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(screen.getByTestId('name')).toHaveTextContent('[保存 名前]');
    expect(screen.getByTestId('role')).toHaveTextContent('user');
  });

  it("never shows a name stored for another user (another tab's)", async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.displayName, JSON.stringify({ uid: 'u2', name: '別人' }));
    const { backend, emit } = fakeBackend({ get: () => Promise.reject(new Error('offline')) });
    renderSession(backend);
    emit(authUser);
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('[認証 名前]'));
  });

  it('then the auth display name, and logs the failure', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const { backend, emit } = fakeBackend({ get: () => Promise.reject(new Error('offline')) });
    renderSession(backend);
    emit(authUser);
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('[認証 名前]'));
    expect(error).toHaveBeenCalledWith('session: profile load failed', expect.any(Error));
  });

  it('else empty', () => {
    expect(buildSessionUser({ ...authUser, displayName: '' }, null).displayName).toBe('');
  });

  it('prefers the profile name when the profile loads, and keeps it for next time', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    renderSession(backend);
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('[佐藤 花子]'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.displayName)!)).toEqual({
      uid: 'demo-hanako',
      name: '佐藤 花子',
    });
    backend.close();
  });

  it('a missing role on the profile defaults to user and createdAt to 15 Aug 2023', () => {
    const user = buildSessionUser(authUser, null);
    expect(user.role).toBe('user');
    expect(user.createdAt).toEqual(new Date(2023, 7, 15));
    expect(user.profileLoaded).toBe(false);
  });
});

describe('session sign-in', () => {
  it('goes from loading to signed out for a visitor', async () => {
    const backend = await createTestBackend({ seed: false });
    renderSession(backend);
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    backend.close();
  });

  it('records lastLoginAt, never isActive, and clears the in-memory and stored query caches', async () => {
    const backend = await createTestBackend();
    await backend.db.users.update('demo-hanako', { isActive: false, lastLoginAt: null });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['notifications', 'list', 'previous-user'], ['private']);
    localStorage.setItem(STORAGE_KEYS.queryCache, '{"clientState":{}}');
    renderSession(backend, queryClient);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));

    const before = Date.now();
    await act(() => signInAs(backend, 'hanako@example.com'));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));

    expect(queryClient.getQueryData(['notifications', 'list', 'previous-user'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    await waitFor(async () => {
      const profile = await backend.users.get('demo-hanako');
      expect(profile?.lastLoginAt?.getTime()).toBeGreaterThanOrEqual(before);
      // Signing in does not lift a suspension: isActive is staff's (docs/security.md).
      expect(profile?.isActive).toBe(false);
    });
    backend.close();
  });

  it('only logs a failed login record and still signs the user in', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const { backend, emit, recordLogin } = fakeBackend({
      get: async () => profile,
      recordLogin: () => Promise.reject(new Error('permission-denied')),
    });
    renderSession(backend);
    emit(authUser);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(recordLogin).toHaveBeenCalledWith('u1');
    await waitFor(() => expect(error).toHaveBeenCalledWith('users.recordLogin', expect.any(Error)));
  });

  it('a restore of the same user in this tab is not a new sign-in', async () => {
    const first = fakeBackend({ get: async () => profile });
    renderSession(first.backend);
    first.emit(authUser);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(first.recordLogin).toHaveBeenCalledTimes(1);
    first.emit(authUser);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(first.recordLogin).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['browser', 'a new tab on a shared sign-in (Firebase) is not a new sign-in'],
    ['tab', 'a new tab is its own session (local backend): its first user is a sign-in'],
  ] as const)('%s scope: %s', async (sessionScope, _what) => {
    const first = fakeBackend({ get: async () => profile, sessionScope });
    renderSession(first.backend);
    first.emit(authUser);
    await waitFor(() => expect(first.recordLogin).toHaveBeenCalledTimes(1));
    cleanup();
    // A new tab: a fresh sessionStorage, the same localStorage.
    sessionStorage.clear();
    const second = fakeBackend({ get: async () => profile, sessionScope });
    renderSession(second.backend);
    second.emit(authUser);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    expect(second.recordLogin).toHaveBeenCalledTimes(sessionScope === 'browser' ? 0 : 1);
  });

  it('leaves a missing profile to the sign-up running in this tab', async () => {
    const { backend, emit, recordLogin } = fakeBackend({ get: async () => null });
    const create = vi.fn(async () => true);
    Object.assign(backend.users, { create });
    renderSession(backend);
    await registering({ email: authUser.email, displayName: '登録中', agreedToTerms: true }, () =>
      waitFor(() => {
        emit(authUser);
        expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
      }),
    );
    expect(recordLogin).not.toHaveBeenCalled();
    expect(create).not.toHaveBeenCalled();
  });

  it('completes the profile of a sign-up that stopped after creating the account', async () => {
    const backend = await createTestBackend({ seed: false });
    const account = await backend.auth.signUp('half@example.com', 'Touroku2026', '途中 花子');
    await backend.auth.signOut();
    expect(await backend.users.get(account.uid)).toBeNull();

    renderSession(backend);
    await act(() => backend.auth.signIn('half@example.com', 'Touroku2026'));
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('[途中 花子]'));
    const profile = await backend.users.get(account.uid);
    expect(profile).toMatchObject({ displayName: '途中 花子', email: 'half@example.com' });
    expect(profile?.customUserId).toMatch(/^user_/);
    expect(profile?.lastLoginAt).toBeInstanceOf(Date);
    backend.close();
  });

  it('catches the user document up when the auth service already says verified', async () => {
    const backend = await createTestBackend();
    await backend.db.users.update('demo-hanako', { emailVerified: false });
    await signInAs(backend, 'hanako@example.com');
    renderSession(backend);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedIn'));
    await waitFor(async () =>
      expect((await backend.users.get('demo-hanako'))?.emailVerified).toBe(true),
    );
    backend.close();
  });

  it('signing out forgets the stored display name and the cached private data', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const queryClient = createQueryClient();
    renderSession(backend, queryClient);
    await waitFor(() => expect(screen.getByTestId('name')).toHaveTextContent('[佐藤 花子]'));
    queryClient.setQueryData(['notifications', 'demo-hanako'], ['private']);
    localStorage.setItem(STORAGE_KEYS.queryCache, '{"clientState":{}}');
    await act(() => backend.auth.signOut());
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('signedOut'));
    expect(localStorage.getItem(STORAGE_KEYS.displayName)).toBeNull();
    expect(queryClient.getQueryData(['notifications', 'demo-hanako'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toBeNull();
    backend.close();
  });
});
