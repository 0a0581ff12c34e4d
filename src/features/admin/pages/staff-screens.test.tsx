import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationId } from '@/domain/entities/conversation';
import { newUserDocument, SPECIAL_ADMIN_EMAIL } from '@/domain/entities/user';
import { DomainError } from '@/domain/errors';
import * as toastStore from '@/lib/toast-store';
import {
  createTestBackend,
  DEMO_UIDS,
  renderWithBackend,
  seedEventId,
  signInAs,
  type TestBackend,
} from '@/test/render-with-backend';
import { ReportButton } from '../report-button';
import AdminInitPage from './admin-init-page';
import AdminQuickPage from './admin-quick-page';
import DebugChatPage from './debug-chat-page';

let backend: TestBackend | null = null;
afterEach(() => {
  vi.restoreAllMocks();
  backend?.close();
  backend = null;
});

async function fresh(seed = true) {
  backend = await createTestBackend({ seed });
  return backend;
}

/** The set-up account, registered and (unless told otherwise) verified through its mail. */
async function signUpSetupAccount(b: TestBackend, verified = true) {
  const user = await b.auth.signUp(SPECIAL_ADMIN_EMAIL, 'setup-pass1', '初期 管理者');
  await b.users.create(
    user.uid,
    newUserDocument({
      uid: user.uid,
      email: SPECIAL_ADMIN_EMAIL,
      displayName: '初期 管理者',
      agreedToTerms: true,
    }),
  );
  if (verified) {
    await b.auth.sendEmailVerification();
    const [mail] = await b.dev.outbox();
    const code = new URL(mail!.links[0]!).searchParams.get('oobCode')!;
    await b.auth.applyActionCode(code);
    await b.auth.reload();
  }
  return user.uid;
}

describe('/admin-init', () => {
  it('lets the verified set-up account become the first admin after confirming', async () => {
    const b = await fresh(false);
    const uid = await signUpSetupAccount(b);
    const user = userEvent.setup();
    renderWithBackend(<AdminInitPage />, b);
    await user.click(await screen.findByRole('button', { name: '管理者として登録する' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'このアカウントを管理者にしますか？',
    });
    await user.click(within(dialog).getByRole('button', { name: '登録する' }));
    expect(await screen.findByText(/初期設定は完了しています/)).toBeVisible();
    expect(screen.getByRole('link', { name: '管理画面へ' })).toHaveAttribute('href', '/admin');
    expect((await b.users.get(uid))!.role).toBe('admin');
  });

  it('says set-up is done once an admin exists', async () => {
    const b = await fresh();
    await signUpSetupAccount(b);
    renderWithBackend(<AdminInitPage />, b);
    expect(await screen.findByText(/初期設定は完了しています/)).toBeVisible();
    expect(screen.queryByRole('button', { name: '管理者として登録する' })).not.toBeInTheDocument();
  });

  it('sends the unverified set-up account to verify its address first', async () => {
    const b = await fresh(false);
    await signUpSetupAccount(b, false);
    renderWithBackend(<AdminInitPage />, b);
    expect(await screen.findByRole('link', { name: 'メールアドレスを確認する' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
  });

  it('refuses any other account', async () => {
    const b = await fresh();
    await signInAs(b, 'hanako@example.com');
    renderWithBackend(<AdminInitPage />, b);
    expect(await screen.findByRole('heading', { name: '権限がありません' })).toBeVisible();
  });
});

describe('/admin-quick', () => {
  it('finds a user by customUserId with their activity, and suspends them after confirming', async () => {
    const b = await fresh();
    await signInAs(b, 'moderator@example.com');
    const user = userEvent.setup();
    renderWithBackend(<AdminQuickPage />, b, { route: '/admin-quick?id=user_ichiro01' });
    const card = await screen.findByRole('article', { name: '鈴木 一郎さんの情報' });
    expect(card).toHaveTextContent('ichiro@example.com');
    await waitFor(() =>
      expect(within(card).getByText('主催したイベント').nextElementSibling).toHaveTextContent(
        /^[1-9]\d*$/,
      ),
    );
    expect(within(card).getByText('この人への未対応の通報').nextElementSibling).toHaveTextContent(
      '2',
    );
    expect(within(card).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '鈴木 一郎さんを利用停止にする' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: '利用停止にする',
      }),
    );
    expect(await within(card).findByText('利用停止中')).toBeVisible();
    expect((await b.users.get(DEMO_UIDS.ichiro))!.isActive).toBe(false);
  });

  it('says so when no user has the id', async () => {
    const b = await fresh();
    await signInAs(b, 'admin@example.com');
    const user = userEvent.setup();
    renderWithBackend(<AdminQuickPage />, b, { route: '/admin-quick' });
    await user.type(await screen.findByLabelText('ユーザーID'), 'user_nobody00');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(
      await screen.findByText('ユーザーID「user_nobody00」のユーザーは見つかりません'),
    ).toBeVisible();
  });
});

describe('/debug-chat', () => {
  it("shows my conversation listener and a chosen conversation's raw messages, never someone else's", async () => {
    const b = await fresh();
    await signInAs(b, 'admin@example.com');
    const mine = await b.conversations.getOrCreate(DEMO_UIDS.hanako);
    await b.conversations.send(mine.id, 'デバッグ用のメッセージ');
    const user = userEvent.setup();
    const others = conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer);
    const view = renderWithBackend(<DebugChatPage />, b, { route: `/debug-chat?c=${others}` });
    const list = await screen.findByRole('region', { name: '会話一覧のリスナー' });
    await waitFor(() => expect(within(list).getByText('受信中')).toBeVisible());
    expect(await screen.findByText('指定された会話はあなたの会話一覧にありません。')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'メッセージのリスナー' })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: new RegExp(mine.id) }));
    const messages = await screen.findByRole('region', { name: 'メッセージのリスナー' });
    await waitFor(() => expect(messages).toHaveTextContent('"content": "デバッグ用のメッセージ"'));
    await user.click(within(messages).getByRole('button', { name: '停止' }));
    expect(within(messages).getByText('停止中')).toBeVisible();
    view.unmount();
  });
});

describe('ReportButton', () => {
  it('files a report with a reason, closes and confirms; reporting it again is taken as done', async () => {
    const b = await fresh();
    await signInAs(b, 'misaki@example.com');
    const user = userEvent.setup();
    const shown = vi.spyOn(toastStore, 'toast');
    const target = { type: 'event' as const, id: seedEventId(1) };
    renderWithBackend(<ReportButton target={target} ownerId={DEMO_UIDS.organizer} />, b);
    await user.click(await screen.findByRole('button', { name: 'イベントを通報' }));
    const dialog = await screen.findByRole('dialog', { name: 'このイベントを通報' });
    const send = within(dialog).getByRole('button', { name: '通報する' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByLabelText('スパム・宣伝目的'));
    await user.type(within(dialog).getByLabelText('詳しい内容'), '宣伝ばかりです');
    await user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shown).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '通報を受け付けました' }),
    );
    const reports = () =>
      b.db.reports
        .filter((r) => r.reporterId === DEMO_UIDS.misaki && r.targetId === target.id)
        .toArray();
    expect(await reports()).toEqual([
      expect.objectContaining({
        targetId: seedEventId(1),
        reason: 'spam',
        detail: '宣伝ばかりです',
      }),
    ]);

    // The same person reporting the same event again: the first report stands, no error.
    shown.mockClear();
    await user.click(screen.getByRole('button', { name: 'イベントを通報' }));
    const again = await screen.findByRole('dialog', { name: 'このイベントを通報' });
    await user.click(within(again).getByLabelText('その他'));
    await user.click(within(again).getByRole('button', { name: '通報する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(shown).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '通報を受け付けました' }),
    );
    expect(await reports()).toEqual([expect.objectContaining({ reason: 'spam' })]);
  });

  it('keeps what was typed and shows the error in the dialog when sending fails', async () => {
    const b = await fresh();
    await signInAs(b, 'misaki@example.com');
    const user = userEvent.setup();
    vi.spyOn(b.reports, 'file').mockRejectedValueOnce(new DomainError('reportTargetNotFound'));
    const target = { type: 'event' as const, id: seedEventId(1) };
    renderWithBackend(<ReportButton target={target} ownerId={DEMO_UIDS.organizer} />, b);
    await user.click(await screen.findByRole('button', { name: 'イベントを通報' }));
    const dialog = await screen.findByRole('dialog', { name: 'このイベントを通報' });
    await user.click(within(dialog).getByLabelText('その他'));
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '通報する対象が見つかりません',
    );
    expect(within(dialog).getByLabelText('その他')).toBeChecked();
  });

  it('a double click on 通報する files once, with the button disabled until it settles', async () => {
    const b = await fresh();
    await signInAs(b, 'misaki@example.com');
    const user = userEvent.setup();
    let finish = () => {};
    const original = b.reports.file.bind(b.reports);
    const file = vi.spyOn(b.reports, 'file').mockImplementation(async (...args) => {
      await new Promise<void>((resolve) => (finish = resolve));
      return original(...args);
    });
    const target = { type: 'event' as const, id: seedEventId(1) };
    renderWithBackend(<ReportButton target={target} ownerId={DEMO_UIDS.organizer} />, b);
    await user.click(await screen.findByRole('button', { name: 'イベントを通報' }));
    const dialog = await screen.findByRole('dialog', { name: 'このイベントを通報' });
    await user.click(within(dialog).getByLabelText('その他'));
    const send = within(dialog).getByRole('button', { name: '通報する' });
    // Two clicks in one go: the second lands before any timer of the first has run.
    act(() => {
      fireEvent.click(send);
      fireEvent.click(send);
    });
    expect(within(dialog).getByRole('button', { name: '送信中…' })).toBeDisabled();
    await waitFor(() => expect(file).toHaveBeenCalled());
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(file).toHaveBeenCalledTimes(1);
  });

  it('sends a visitor to the login and back, and shows nothing on my own content', async () => {
    const b = await fresh();
    const target = { type: 'user' as const, id: DEMO_UIDS.hanako };
    const view = renderWithBackend(<ReportButton target={target} ownerId={DEMO_UIDS.hanako} />, b, {
      route: '/profile/demo-hanako',
    });
    expect(await screen.findByRole('link', { name: 'ユーザーを通報' })).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent('/profile/demo-hanako')}`,
    );
    view.unmount();
    await signInAs(b, 'hanako@example.com');
    renderWithBackend(<ReportButton target={target} ownerId={DEMO_UIDS.hanako} />, b);
    await screen.findByTestId('location');
    expect(screen.queryByRole('button', { name: 'ユーザーを通報' })).not.toBeInTheDocument();
  });
});
