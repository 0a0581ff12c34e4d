import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createTestBackend, renderWithBackend } from '@/test/render-with-backend';
import RegisterPage from './register-page';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function renderRegister() {
  const backend = await createTestBackend();
  renderWithBackend(<RegisterPage />, backend, {
    route: '/register',
    path: '/register',
    routes: [{ path: '/verify-email', element: <h1>確認メール</h1> }],
  });
  await screen.findByRole('heading', { name: '新規登録' });
  return { backend, user: userEvent.setup() };
}

const field = {
  name: () => screen.getByLabelText('お名前（表示名）'),
  email: () => screen.getByLabelText('メールアドレス'),
  password: () => screen.getByLabelText('パスワード', { exact: true }),
  confirm: () => screen.getByLabelText('パスワード（確認）', { exact: true }),
  terms: () => screen.getByRole('checkbox', { name: /利用規約.*に同意します/ }),
  submit: () => screen.getByRole('button', { name: '登録する' }),
};

describe('RegisterPage', () => {
  it('shows a message for every empty field and the unticked terms', async () => {
    const { backend, user } = await renderRegister();
    const signUp = vi.spyOn(backend.auth, 'signUp');
    await user.click(field.submit());
    for (const message of [
      'お名前（表示名）を入力してください',
      'メールアドレスを入力してください',
      // The policy's first rule doubles as the empty-password message (src/domain/auth-forms.ts).
      'パスワードは8文字以上で入力してください',
      '確認用のパスワードを入力してください',
      '利用規約とプライバシーポリシーへの同意が必要です',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(field.terms()).toHaveAccessibleDescription(
      '利用規約とプライバシーポリシーへの同意が必要です',
    );
    expect(signUp).not.toHaveBeenCalled();
    backend.close();
  });

  it('names a malformed email, a short password and a mismatched confirmation, keeping the input', async () => {
    const { backend, user } = await renderRegister();
    await user.type(field.name(), '入力 花子');
    await user.type(field.email(), 'hanako@example');
    await user.type(field.password(), 'abc1');
    await user.type(field.confirm(), 'abc2');
    await user.click(field.submit());

    expect(await screen.findByText('メールアドレスの形式が正しくありません')).toBeInTheDocument();
    expect(field.password()).toHaveAccessibleDescription(/パスワードは8文字以上で入力してください/);
    expect(field.confirm()).toHaveAccessibleDescription('パスワードが一致しません');
    expect(field.name()).toHaveValue('入力 花子');
    expect(field.email()).toHaveValue('hanako@example');
    expect(field.password()).toHaveValue('abc1');
    expect(field.confirm()).toHaveValue('abc2');
    backend.close();
  });

  it('counts the name and refuses one beyond 30 characters, keeping it as typed', async () => {
    const { backend, user } = await renderRegister();
    const signUp = vi.spyOn(backend.auth, 'signUp');
    expect(screen.getByText('0 / 30文字')).toBeInTheDocument();
    await user.click(field.name());
    await user.paste('長'.repeat(31));
    expect(field.name()).toHaveValue('長'.repeat(31));
    expect(screen.getByText('31 / 30文字')).toHaveClass('text-red-700');
    await user.click(field.submit());
    expect(await screen.findByText('表示名は30文字以内で入力してください')).toBeInTheDocument();
    expect(field.name()).toHaveValue('長'.repeat(31));
    expect(signUp).not.toHaveBeenCalled();
    backend.close();
  });

  it('asks for letters and digits in the password', async () => {
    const { backend, user } = await renderRegister();
    await user.type(field.password(), 'onlyletters');
    await user.click(field.submit());
    expect(
      await screen.findByText('パスワードには英字と数字をそれぞれ1文字以上含めてください'),
    ).toBeInTheDocument();
    backend.close();
  });

  it('puts "already registered" on the email field and keeps everything typed', async () => {
    const { backend, user } = await renderRegister();
    await user.type(field.name(), '二人目');
    await user.type(field.email(), 'hanako@example.com');
    await user.type(field.password(), 'Touroku2026');
    await user.type(field.confirm(), 'Touroku2026');
    await user.click(field.terms());
    await user.click(field.submit());

    await waitFor(() =>
      expect(field.email()).toHaveAccessibleDescription('このメールアドレスは既に登録されています'),
    );
    expect(field.email()).toHaveAttribute('aria-invalid', 'true');
    expect(field.email()).toHaveValue('hanako@example.com');
    expect(field.name()).toHaveValue('二人目');
    expect(field.password()).toHaveValue('Touroku2026');
    expect(field.terms()).toBeChecked();
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
    backend.close();
  });

  it('registers with the terms agreed and goes to /verify-email', async () => {
    const { backend, user } = await renderRegister();
    await user.type(field.name(), '新規 次郎');
    await user.type(field.email(), 'jiro@example.com');
    await user.type(field.password(), 'Touroku2026');
    await user.type(field.confirm(), 'Touroku2026');
    await user.click(field.terms());
    await user.click(field.submit());

    expect(await screen.findByRole('heading', { name: '確認メール' })).toBeInTheDocument();
    const uid = backend.auth.currentUser()!.uid;
    const doc = await backend.db.users.get(uid);
    expect(doc).toMatchObject({
      displayName: '新規 次郎',
      emailVerified: false,
      firebaseUid: uid,
    });
    // The address lives apart from the public profile (users/{uid}/private/account).
    expect(await backend.db.privateDocs.get(`${uid}/account`)).toMatchObject({
      email: 'jiro@example.com',
    });
    expect(doc).not.toHaveProperty('email');
    expect(doc?.agreedAt).toBeInstanceOf(Date);
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBe('jiro@example.com');
    backend.close();
  });

  it('links the terms and the privacy policy, and sign-in', async () => {
    const { backend } = await renderRegister();
    expect(screen.getByRole('link', { name: /^利用規約/ })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: /^プライバシーポリシー/ })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(screen.getByRole('link', { name: 'ログイン' })).toHaveAttribute('href', '/login');
    backend.close();
  });

  it('shows and hides the password without losing it', async () => {
    const { backend, user } = await renderRegister();
    await user.type(field.password(), 'Himitsu123');
    const [toggle] = screen.getAllByRole('button', { name: '入力内容を表示する' });
    await user.click(toggle!);
    expect(field.password()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '入力内容を隠す' }));
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(field.password()).toHaveValue('Himitsu123');
    backend.close();
  });
});
