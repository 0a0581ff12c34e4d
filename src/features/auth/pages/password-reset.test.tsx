import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ERROR_MESSAGES, AuthError } from '@/domain/errors';
import { createTestBackend, renderWithBackend } from '@/test/render-with-backend';
import NewPasswordPage from './new-password-page';
import ResetPasswordPage, { RESET_SENT_MESSAGE } from './reset-password-page';

type LocalBackend = Awaited<ReturnType<typeof createTestBackend>>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function resetCode(backend: LocalBackend, email = 'hanako@example.com'): Promise<string> {
  await backend.auth.sendPasswordResetEmail(email);
  const [mail] = await backend.dev.outbox();
  return new URL(mail!.links[0]!).searchParams.get('oobCode')!;
}

describe('ResetPasswordPage', () => {
  async function renderReset(backend: LocalBackend) {
    renderWithBackend(<ResetPasswordPage />, backend, {
      route: '/reset-password',
      path: '/reset-password',
    });
    await screen.findByRole('heading', { name: 'パスワードの再設定' });
    return userEvent.setup();
  }

  it('sends the reset email and shows the same text whether or not the address is registered', async () => {
    const backend = await createTestBackend();
    const user = await renderReset(backend);
    await user.type(screen.getByLabelText('メールアドレス'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: '再設定メールを送信' }));
    expect(await screen.findByText(RESET_SENT_MESSAGE)).toBeInTheDocument();
    expect(await backend.dev.outbox()).toHaveLength(0);

    await user.clear(screen.getByLabelText('メールアドレス'));
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@example.com');
    await user.click(screen.getByRole('button', { name: '再設定メールをもう一度送信' }));
    await waitFor(async () => expect(await backend.dev.outbox()).toHaveLength(1));
    expect(screen.getByText(RESET_SENT_MESSAGE)).toBeInTheDocument();
    const [mail] = await backend.dev.outbox();
    expect(mail?.to).toBe('hanako@example.com');
    expect(new URL(mail!.links[0]!).searchParams.get('continueUrl')).toMatch(/\/reset-complete$/);
    backend.close();
  });

  it('validates the address and keeps it', async () => {
    const backend = await createTestBackend();
    const user = await renderReset(backend);
    await user.click(screen.getByRole('button', { name: '再設定メールを送信' }));
    expect(await screen.findByText('メールアドレスを入力してください')).toBeInTheDocument();
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@');
    await user.click(screen.getByRole('button', { name: '再設定メールを送信' }));
    expect(await screen.findByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('hanako@');
    backend.close();
  });

  it('shows a network failure in Japanese and keeps the address', async () => {
    const backend = await createTestBackend();
    vi.spyOn(backend.auth, 'sendPasswordResetEmail').mockRejectedValue(
      new AuthError('auth/network-request-failed'),
    );
    const user = await renderReset(backend);
    await user.type(screen.getByLabelText('メールアドレス'), 'hanako@example.com');
    await user.click(screen.getByRole('button', { name: '再設定メールを送信' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      AUTH_ERROR_MESSAGES['auth/network-request-failed'],
    );
    expect(screen.queryByText(RESET_SENT_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByLabelText('メールアドレス')).toHaveValue('hanako@example.com');
    backend.close();
  });
});

describe('NewPasswordPage', () => {
  async function renderNew(backend: LocalBackend, route: string) {
    renderWithBackend(<NewPasswordPage />, backend, {
      route,
      path: '/new-password',
      routes: [{ path: '/reset-complete', element: <h1>再設定完了</h1> }],
    });
    await screen.findByRole('heading', { name: '新しいパスワードの設定' });
    return userEvent.setup();
  }

  it('sets the new password from the code; the old one stops working', async () => {
    const backend = await createTestBackend();
    const code = await resetCode(backend);
    const user = await renderNew(backend, `/new-password?oobCode=${code}`);
    expect(await screen.findByText('hanako@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('新しいパスワード', { exact: true }), 'Atarashii99');
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'Atarashii99');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定する' }));

    expect(await screen.findByRole('heading', { name: '再設定完了' })).toBeInTheDocument();
    await expect(backend.auth.signIn('hanako@example.com', 'demo1234')).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(backend.auth.signIn('hanako@example.com', 'Atarashii99')).resolves.toMatchObject({
      email: 'hanako@example.com',
    });
    backend.close();
  });

  it('checks the confirmation and the policy before sending, keeping the input', async () => {
    const backend = await createTestBackend();
    const code = await resetCode(backend);
    const confirm = vi.spyOn(backend.auth, 'confirmPasswordReset');
    const user = await renderNew(backend, `/new-password?oobCode=${code}`);
    const password = await screen.findByLabelText('新しいパスワード', { exact: true });
    await user.type(password, 'short1');
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), 'short2');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定する' }));
    expect(await screen.findByText('パスワードは8文字以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('パスワードが一致しません')).toBeInTheDocument();
    expect(password).toHaveValue('short1');
    expect(confirm).not.toHaveBeenCalled();
    backend.close();
  });

  it('explains a missing code and links to a new reset email', async () => {
    const backend = await createTestBackend();
    await renderNew(backend, '/new-password');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'パスワード再設定用のリンクが正しくありません',
    );
    expect(
      screen.getByRole('link', { name: 'パスワード再設定メールを再送信する' }),
    ).toHaveAttribute('href', '/reset-password');
    backend.close();
  });

  it('explains a used code', async () => {
    const backend = await createTestBackend();
    const code = await resetCode(backend);
    await backend.auth.confirmPasswordReset(code, 'Tsukatta123');
    await renderNew(backend, `/new-password?oobCode=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      AUTH_ERROR_MESSAGES['auth/invalid-action-code'],
    );
    expect(screen.queryByLabelText('新しいパスワード', { exact: true })).not.toBeInTheDocument();
    backend.close();
  });
});
