import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createTestBackend, renderWithBackend } from '@/test/render-with-backend';
import { signUp } from '../sign-up';
import VerifyEmailPage from './verify-email-page';

type LocalBackend = Awaited<ReturnType<typeof createTestBackend>>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

async function registeredBackend(): Promise<LocalBackend> {
  const backend = await createTestBackend({ seed: false });
  await signUp(backend, 'verify@example.com', 'Kakunin2026', '確認 太郎', true);
  return backend;
}

async function renderVerify(backend: LocalBackend) {
  renderWithBackend(<VerifyEmailPage />, backend, {
    route: '/verify-email',
    path: '/verify-email',
    routes: [{ path: '/registration-complete', element: <h1>登録完了</h1> }],
  });
  await screen.findByRole('heading', { name: 'メールアドレスの確認' });
}

async function verifyThroughOutbox(backend: LocalBackend) {
  const [mail] = await backend.dev.outbox();
  const code = new URL(mail!.links[0]!).searchParams.get('oobCode')!;
  await backend.auth.applyActionCode(code);
}

describe('VerifyEmailPage', () => {
  it('tells where the email went (the pending verification email)', async () => {
    const backend = await registeredBackend();
    await renderVerify(backend);
    expect(screen.getByText('verify@example.com')).toBeInTheDocument();
    expect(screen.getByText(/宛てに確認メールを送信しました/)).toBeInTheDocument();
    backend.close();
  });

  it('falls back to the signed-in user when nothing is stored', async () => {
    const backend = await registeredBackend();
    localStorage.removeItem(STORAGE_KEYS.pendingVerificationEmail);
    await renderVerify(backend);
    expect(await screen.findByText('verify@example.com')).toBeInTheDocument();
    backend.close();
  });

  it('resends with a visible cooldown that blocks repeated clicks', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const backend = await registeredBackend();
    await renderVerify(backend);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '確認メールを再送信' }));

    const waiting = await screen.findByRole('button', { name: '再送信まであと60秒' });
    expect(waiting).toBeDisabled();
    expect(
      screen.getByText('確認メールを再送信しました。メールボックスをご確認ください。'),
    ).toHaveAttribute('role', 'status');
    expect(await backend.dev.outbox()).toHaveLength(2);

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: '再送信まであと30秒' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('button', { name: '確認メールを再送信' })).toBeEnabled();
    backend.close();
  });

  it('says so in Japanese when the address is not verified yet', async () => {
    const backend = await registeredBackend();
    await renderVerify(backend);
    await userEvent.setup().click(screen.getByRole('button', { name: '確認しました' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'まだメールアドレスの確認が完了していません',
    );
    expect((await backend.users.get(backend.auth.currentUser()!.uid))?.emailVerified).toBe(false);
    backend.close();
  });

  it('marks the user document verified and goes to /registration-complete once the link was opened', async () => {
    const backend = await registeredBackend();
    await renderVerify(backend);
    await verifyThroughOutbox(backend);
    await userEvent.setup().click(screen.getByRole('button', { name: '確認しました' }));
    expect(await screen.findByRole('heading', { name: '登録完了' })).toBeInTheDocument();
    const uid = backend.auth.currentUser()!.uid;
    expect((await backend.users.get(uid))?.emailVerified).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBeNull();
    backend.close();
  });

  it('offers sign-in to a visitor instead of the resend and check buttons', async () => {
    const backend = await registeredBackend();
    await backend.auth.signOut();
    await renderVerify(backend);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'ログインする' })).toHaveAttribute(
        'href',
        '/login?returnUrl=%2Fverify-email',
      ),
    );
    expect(screen.queryByRole('button', { name: '確認しました' })).not.toBeInTheDocument();
    backend.close();
  });
});
