import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_ERROR_MESSAGES } from '@/domain/errors';
import { logger } from '@/lib/logger';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createTestBackend, renderWithBackend } from '@/test/render-with-backend';
import { signUp } from '../sign-up';
import EmailActionPage from './email-action-page';
import RegistrationCompletePage from './registration-complete-page';
import VerifyEmailPage from './verify-email-page';

type LocalBackend = Awaited<ReturnType<typeof createTestBackend>>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** The link of the newest mail, as a path the router can open. */
async function newestLink(backend: LocalBackend): Promise<string> {
  const [mail] = await backend.dev.outbox();
  const url = new URL(mail!.links[0]!);
  return `${url.pathname}${url.search}`;
}

function renderAction(backend: LocalBackend, route: string) {
  renderWithBackend(<EmailActionPage />, backend, {
    route,
    path: route.startsWith('/action') ? '/action' : '/auth/action',
    routes: [
      { path: '/registration-complete', element: <RegistrationCompletePage /> },
      { path: '/new-password', element: <h1>新しいパスワード</h1> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
    ],
  });
}

describe('EmailActionPage', () => {
  it('verifies the address, marks the signed-in owner verified, and goes to /registration-complete', async () => {
    const backend = await createTestBackend({ seed: false });
    const { user } = await signUp(backend, 'owner@example.com', 'Kakunin2026', '持ち主', true);
    renderAction(backend, await newestLink(backend));

    expect(
      await screen.findByRole('heading', { name: '登録が完了しました' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(backend.auth.currentUser()?.emailVerified).toBe(true);
    expect((await backend.users.get(user.uid))?.emailVerified).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBeNull();
    backend.close();
  });

  it('still completes the verification when the profile cannot be marked, and logs the refusal', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'refused@example.com', 'Kakunin2026', '拒否', true);
    const refusal = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    vi.spyOn(backend.users, 'markEmailVerified').mockRejectedValue(refusal);
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    renderAction(backend, await newestLink(backend));

    expect(
      await screen.findByRole('heading', { name: '登録が完了しました' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(backend.auth.currentUser()?.emailVerified).toBe(true);
    expect(logged).toHaveBeenCalledWith('users.markEmailVerified', refusal);
    backend.close();
  });

  it('verifies a link opened while signed out', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'later@example.com', 'Kakunin2026', '後で', true);
    await backend.auth.signOut();
    renderAction(backend, await newestLink(backend));
    expect(await screen.findByRole('heading', { name: '登録が完了しました' })).toBeInTheDocument();
    backend.close();
  });

  it('does not mark someone else verified when another account is signed in', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'newcomer@example.com', 'Kakunin2026', '新人', true);
    const link = await newestLink(backend);
    await backend.auth.signOut();
    const other = await signUp(backend, 'other@example.com', 'Kakunin2026', '別人', true);
    renderAction(backend, link);
    expect(await screen.findByRole('heading', { name: '登録が完了しました' })).toBeInTheDocument();
    expect((await backend.users.get(other.user.uid))?.emailVerified).toBe(false);
    expect(backend.auth.currentUser()?.emailVerified).toBe(false);
    backend.close();
  });

  it('sends a reset link on to /new-password with its code', async () => {
    const backend = await createTestBackend();
    await backend.auth.sendPasswordResetEmail('hanako@example.com');
    const link = await newestLink(backend);
    const code = new URLSearchParams(link.split('?')[1]).get('oobCode')!;
    renderAction(backend, link);
    expect(await screen.findByRole('heading', { name: '新しいパスワード' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/new-password?oobCode=${code}`);
    backend.close();
  });

  it('explains a used verification link and offers a new email', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'twice@example.com', 'Kakunin2026', '二回', true);
    const link = await newestLink(backend);
    await backend.auth.applyActionCode(new URLSearchParams(link.split('?')[1]).get('oobCode')!);
    renderAction(backend, link);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      AUTH_ERROR_MESSAGES['auth/invalid-action-code'],
    );
    expect(screen.getByRole('link', { name: '確認メールを再送信する' })).toHaveAttribute(
      'href',
      '/verify-email',
    );

    // The resend screen names the link's address even when this browser stored none.
    localStorage.clear();
    await backend.auth.signOut();
    await userEvent.setup().click(screen.getByRole('link', { name: '確認メールを再送信する' }));
    expect(await screen.findByText('twice@example.com')).toBeInTheDocument();
    backend.close();
  });

  it('explains an expired reset link and offers a new reset email', async () => {
    let now = new Date('2026-04-01T10:00:00');
    const backend = await createTestBackend({ now: () => now });
    await backend.auth.sendPasswordResetEmail('hanako@example.com');
    const link = await newestLink(backend);
    now = new Date('2026-04-03T10:00:00');
    renderAction(backend, link);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      AUTH_ERROR_MESSAGES['auth/expired-action-code'],
    );
    expect(
      screen.getByRole('link', { name: 'パスワード再設定メールを再送信する' }),
    ).toHaveAttribute('href', '/reset-password');
    backend.close();
  });

  it.each([
    ['/auth/action'],
    ['/action?mode=verifyEmail'],
    ['/action?mode=somethingElse&oobCode=abc'],
  ])('treats %s as an invalid link', async (route) => {
    const backend = await createTestBackend({ seed: false });
    renderAction(backend, route);
    expect(await screen.findByRole('alert')).toHaveTextContent('このリンクは無効です');
    backend.close();
  });

  it('refuses a reset code used as a verification link', async () => {
    const backend = await createTestBackend();
    await backend.auth.sendPasswordResetEmail('hanako@example.com');
    const code = new URLSearchParams((await newestLink(backend)).split('?')[1]).get('oobCode')!;
    renderAction(backend, `/auth/action?mode=verifyEmail&oobCode=${code}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      AUTH_ERROR_MESSAGES['auth/invalid-action-code'],
    );
    backend.close();
  });
});
