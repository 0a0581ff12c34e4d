import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERR } from '@/domain/errors';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import { PasswordChangeForm } from './password-change-form';

type LocalBackend = Awaited<ReturnType<typeof createTestBackend>>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function renderForm(backend: LocalBackend) {
  renderWithBackend(<PasswordChangeForm />, backend);
  await screen.findByLabelText('現在のパスワード');
  const user = userEvent.setup();
  const fill = async (current: string, next: string, confirm = next) => {
    await user.clear(screen.getByLabelText('現在のパスワード'));
    await user.type(screen.getByLabelText('現在のパスワード'), current);
    await user.clear(screen.getByLabelText('新しいパスワード', { exact: true }));
    await user.type(screen.getByLabelText('新しいパスワード', { exact: true }), next);
    await user.clear(screen.getByLabelText('新しいパスワード（確認）'));
    await user.type(screen.getByLabelText('新しいパスワード（確認）'), confirm);
    await user.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
  };
  return { user, fill };
}

describe('PasswordChangeForm', () => {
  it('changes the password after re-authenticating with the current one', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const { fill } = await renderForm(backend);
    await fill('demo1234', 'Kaeta2026x');
    expect(await screen.findByText(/パスワードを変更しました。/)).toBeInTheDocument();
    expect(screen.getByLabelText('現在のパスワード')).toHaveValue('');
    await backend.auth.signOut();
    await expect(backend.auth.signIn('hanako@example.com', 'Kaeta2026x')).resolves.toBeTruthy();
    backend.close();
  });

  it('puts a wrong current password on its field and keeps the new one', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const { fill } = await renderForm(backend);
    await fill('not-it-123', 'Kaeta2026x');
    const current = screen.getByLabelText('現在のパスワード');
    expect(await screen.findByText('現在のパスワードが正しくありません')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('新しいパスワード', { exact: true })).toHaveValue('Kaeta2026x');
    backend.close();
  });

  it('signed out, shows the Japanese "must be authenticated" message', async () => {
    const backend = await createTestBackend();
    const { fill } = await renderForm(backend);
    await fill('demo1234', 'Kaeta2026x');
    expect(await screen.findByRole('alert')).toHaveTextContent(ERR.passwordAuthRequired);
    backend.close();
  });

  it('validates before asking the service', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const update = vi.spyOn(backend.auth, 'updatePassword');
    const { user } = await renderForm(backend);
    await user.click(screen.getByRole('button', { name: 'パスワードを変更する' }));
    expect(await screen.findByText('現在のパスワードを入力してください')).toBeInTheDocument();
    expect(screen.getByText('確認用のパスワードを入力してください')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    backend.close();
  });
});
