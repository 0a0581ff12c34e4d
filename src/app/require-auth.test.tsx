import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import type { AuthPort, AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import { SessionProvider } from '@/features/auth/session';
import { useReturnUrl } from '@/features/auth/use-return-url';
import { BackendContext } from '@/lib/backend-context';
import { createQueryClient } from '@/lib/query-client';
import { RequireAuth } from './require-auth';

/** An auth port whose state the test drives, to see every phase of the guard. */
function controllableAuth() {
  let listener: ((u: AuthUser | null) => void) | null = null;
  const auth = {
    onAuthStateChanged(cb: (u: AuthUser | null) => void) {
      listener = cb;
      return () => {
        listener = null;
      };
    },
  } as unknown as AuthPort;
  return { auth, emit: (u: AuthUser | null) => listener?.(u) };
}

const user: AuthUser = {
  uid: 'u1',
  email: 'u1@example.com',
  displayName: '利用者',
  photoURL: '',
  emailVerified: true,
};

function LoginProbe() {
  const location = useLocation();
  const next = useReturnUrl();
  return (
    <div>
      <p data-testid="login-search">{location.search}</p>
      <p data-testid="return-to">{next}</p>
    </div>
  );
}

function setup(initialPath: string) {
  const { auth, emit } = controllableAuth();
  const backend = {
    kind: 'local',
    auth,
    users: { get: async () => null, recordLogin: async () => {} },
  } as unknown as Backend;
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        path: '/notifications',
        element: (
          <RequireAuth>
            <h1>通知</h1>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(
    <BackendContext.Provider value={backend}>
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </BackendContext.Provider>,
  );
  return { emit, router };
}

describe('RequireAuth', () => {
  it('shows a spinner while the sign-in state loads, and not the screen', () => {
    setup('/notifications');
    expect(screen.getByRole('status')).toHaveTextContent('ログイン状態を確認しています');
    expect(screen.queryByRole('heading', { name: '通知' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login with the current path and query as returnUrl', async () => {
    const { emit, router } = setup('/notifications?tab=unread');
    act(() => emit(null));
    expect(await screen.findByTestId('login-search')).toHaveTextContent(
      '?returnUrl=%2Fnotifications%3Ftab%3Dunread',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('return-to')).toHaveTextContent('/notifications?tab=unread');
  });

  it('renders the screen for a signed-in user', async () => {
    const { emit } = setup('/notifications');
    act(() => emit(user));
    expect(await screen.findByRole('heading', { name: '通知' })).toBeInTheDocument();
  });

  it.each([
    ['//evil.example'],
    ['https://evil.example/login'],
    ['javascript:alert(1)'],
    ['/\\evil.example'],
  ])('refuses the unsafe returnUrl %s and falls back to /', async (unsafe) => {
    setup(`/login?returnUrl=${encodeURIComponent(unsafe)}`);
    expect(await screen.findByTestId('return-to')).toHaveTextContent(/^\/$/);
  });
});
