import { screen } from '@testing-library/react';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import { signUp } from '../sign-up';
import RegistrationCompletePage from './registration-complete-page';

function renderPage(backend: Awaited<ReturnType<typeof createTestBackend>>) {
  renderWithBackend(<RegistrationCompletePage />, backend, { route: '/registration-complete' });
}

describe('RegistrationCompletePage opened directly', () => {
  it('does not tell a signed-out visitor that registration is complete', async () => {
    const backend = await createTestBackend({ seed: false });
    renderPage(backend);
    expect(await screen.findByRole('heading', { name: 'アカウント登録' })).toBeInTheDocument();
    expect(screen.queryByText(/登録が完了しました|アカウントの登録が完了/)).toBeNull();
    expect(screen.getByRole('link', { name: '新規登録' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'ログインする' })).toHaveAttribute('href', '/login');
    backend.close();
  });

  it('does not tell an account whose address is unconfirmed that registration is complete', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'pending@example.com', 'Kakunin2026', '未確認', true);
    renderPage(backend);
    expect(await screen.findByRole('heading', { name: 'アカウント登録' })).toBeInTheDocument();
    expect(screen.queryByText(/登録が完了しました/)).toBeNull();
    expect(screen.getByRole('link', { name: '確認メールについて' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
    backend.close();
  });

  it('says so to a signed-in account with a confirmed address', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    renderPage(backend);
    expect(await screen.findByRole('heading', { name: '登録が完了しました' })).toBeInTheDocument();
    backend.close();
  });
});
