import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Backend } from '@/data/ports/backend';
import { AUTH_ERROR_MESSAGES, AuthError } from '@/domain/errors';
import { logger } from '@/lib/logger';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import LoginPage from './login-page';

const WRONG = 'メールアドレスまたはパスワードが正しくありません';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** The helper mounts the screen once the session has settled, so wait for it. */
async function renderLogin(backend: Backend, route = '/login', waitForForm = true) {
  const result = renderWithBackend(<LoginPage />, backend, {
    route,
    path: '/login',
    routes: [
      { path: '/', element: <h1>ホーム</h1> },
      { path: '/notifications', element: <h1>通知</h1> },
    ],
  });
  if (waitForForm) await screen.findByRole('heading', { name: 'ログイン' });
  return result;
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('メールアドレス'), email);
  if (password) await user.type(screen.getByLabelText('パスワード', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'ログイン' }));
  return user;
}

describe('LoginPage', () => {
  it('signs in and goes to the safe returnUrl', async () => {
    const backend = await createTestBackend();
    await renderLogin(
      backend,
      `/login?returnUrl=${encodeURIComponent('/notifications?tab=unread')}`,
    );
    expect(screen.getByText('このページを表示するにはログインしてください。')).toBeInTheDocument();
    await submit('hanako@example.com', 'demo1234');
    expect(await screen.findByRole('heading', { name: '通知' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/notifications?tab=unread');
    backend.close();
  });

  it.each([
    ['//evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\\evil.example'],
  ])('falls back to / for the unsafe returnUrl %s', async (unsafe) => {
    const backend = await createTestBackend();
    await renderLogin(backend, `/login?returnUrl=${encodeURIComponent(unsafe)}`);
    await submit('hanako@example.com', 'demo1234');
    expect(await screen.findByRole('heading', { name: 'ホーム' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    backend.close();
  });

  it('sends a visitor who is already signed in straight on to the returnUrl', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    await renderLogin(backend, '/login?returnUrl=%2Fnotifications', false);
    expect(await screen.findByRole('heading', { name: '通知' })).toBeInTheDocument();
    backend.close();
  });

  it('shows one message for a wrong password and for an unknown address, keeping what was typed', async () => {
    const backend = await createTestBackend();
    await renderLogin(backend);
    const user = await submit('hanako@example.com', 'wrong-pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('hanako@example.com');
    expect(screen.getByLabelText('パスワード', { exact: true })).toHaveValue('wrong-pass1');

    await user.clear(screen.getByLabelText('メールアドレス'));
    await user.type(screen.getByLabelText('メールアドレス'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(WRONG));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    backend.close();
  });

  it.each([
    ['auth/too-many-requests', AUTH_ERROR_MESSAGES['auth/too-many-requests']],
    ['auth/network-request-failed', AUTH_ERROR_MESSAGES['auth/network-request-failed']],
    ['auth/user-disabled', AUTH_ERROR_MESSAGES['auth/user-disabled']],
  ] as const)('maps %s to Japanese', async (code, message) => {
    const backend = await createTestBackend();
    vi.spyOn(backend.auth, 'signIn').mockRejectedValue(new AuthError(code));
    await renderLogin(backend);
    await submit('hanako@example.com', 'demo1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    backend.close();
  });

  it('shows a generic Japanese message for an unexpected failure and logs it', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const backend = await createTestBackend();
    vi.spyOn(backend.auth, 'signIn').mockRejectedValue(new Error('boom'));
    await renderLogin(backend);
    await submit('hanako@example.com', 'demo1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/unknown']);
    expect(error).toHaveBeenCalledWith('auth.signIn', expect.any(Error));
    backend.close();
  });

  it('validates empty and malformed input next to the fields', async () => {
    const backend = await createTestBackend();
    await renderLogin(backend);
    const signIn = vi.spyOn(backend.auth, 'signIn');
    const user = await submit('', '');
    const email = screen.getByLabelText('メールアドレス');
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードを入力してください')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('メールアドレスを入力してください');

    await user.type(email, 'hanako@');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(email).toHaveValue('hanako@');
    expect(signIn).not.toHaveBeenCalled();
    backend.close();
  });

  it('focuses the first invalid field and clears its error once it is corrected', async () => {
    const backend = await createTestBackend();
    await renderLogin(backend);
    const user = await submit('', 'demo1234');
    const email = screen.getByLabelText('メールアドレス');
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(screen.queryByText('パスワードを入力してください')).not.toBeInTheDocument();
    await user.type(email, 'hanako@example.com');
    expect(screen.queryByText('メールアドレスを入力してください')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    backend.close();
  });

  it('disables the submit button while signing in', async () => {
    const backend = await createTestBackend();
    let release!: () => void;
    vi.spyOn(backend.auth, 'signIn').mockImplementation(
      () =>
        new Promise(
          (_resolve, reject) => (release = () => reject(new AuthError('auth/invalid-credential'))),
        ),
    );
    await renderLogin(backend);
    await submit('hanako@example.com', 'demo1234');
    const busy = await screen.findByRole('button', { name: /ログイン中/ });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(screen.getByRole('button', { name: 'ログイン' })).toBeEnabled();
    backend.close();
  });

  it('does not submit on an Enter that confirms an IME conversion', async () => {
    const backend = await createTestBackend();
    await renderLogin(backend);
    const email = screen.getByLabelText('メールアドレス');
    const composing = fireEvent.keyDown(email, { key: 'Enter', isComposing: true });
    expect(composing).toBe(false); // default prevented
    const safari = fireEvent.keyDown(email, { key: 'Enter', keyCode: 229 });
    expect(safari).toBe(false);
    const plain = fireEvent.keyDown(email, { key: 'Enter' });
    expect(plain).toBe(true);
    backend.close();
  });

  it('lists the demo accounts on the local backend and signs one in with one click', async () => {
    const backend = await createTestBackend();
    await renderLogin(backend);
    const user = userEvent.setup();
    for (const account of backend.dev.demoAccounts) {
      expect(
        screen.getByRole('button', { name: new RegExp(`${account.label}でログイン`) }),
      ).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: /参加者（佐藤 花子）でログイン/ }));
    expect(await screen.findByRole('heading', { name: 'ホーム' })).toBeInTheDocument();
    expect(backend.auth.currentUser()?.email).toBe('hanako@example.com');
    backend.close();
  });

  it('shows no demo accounts on another backend', async () => {
    const backend = await createTestBackend();
    await renderLogin({ ...backend, kind: 'firebase', dev: undefined });
    expect(screen.queryByText('デモアカウントでログイン')).not.toBeInTheDocument();
    backend.close();
  });

  it('links to registration and password reset', async () => {
    const backend = await createTestBackend();
    await renderLogin(backend);
    expect(screen.getByRole('link', { name: '新規登録' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'パスワードをお忘れの方' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    backend.close();
  });
});
