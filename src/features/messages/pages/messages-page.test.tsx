import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversationId } from '@/domain/entities/conversation';
import { reportDocId } from '@/domain/entities/report';
import {
  createTestBackend,
  DEMO_UIDS,
  renderWithBackend,
  signInAs,
  type TestBackend,
} from '@/test/render-with-backend';
import { ConversationsFeedProvider } from '../conversations-feed';
import MessagesPage from './messages-page';

const page = (
  <ConversationsFeedProvider>
    <MessagesPage />
  </ConversationsFeedProvider>
);

function renderAt(backend: TestBackend, route: string) {
  return renderWithBackend(page, backend, {
    route,
    path: '/messages/:id?',
  });
}

describe('/messages', () => {
  it('lists my conversations newest first with the other person, the preview and my unread count', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    renderAt(backend, '/messages');
    const list = await screen.findByRole('tabpanel');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((r) => r.getAttribute('aria-label')),
      ).toEqual(['高橋 美咲との会話（未読1件）', '山田 太郎との会話（未読1件）']),
    );
    const rows = within(list).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('はい、体育館シューズで大丈夫です。');
    expect(screen.getByRole('tab', { name: /受信箱/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('explains how to start a conversation when there is none, and says so for the archive', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'admin@example.com');
    renderAt(backend, '/messages');
    expect(await screen.findByText('まだメッセージはありません')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'イベントを探す' })).toHaveAttribute('href', '/events');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'アーカイブ' }));
    expect(await screen.findByText('アーカイブした会話はありません')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/messages?box=archived');
  });

  it('shows a not-found state for a conversation that is not mine or does not exist', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'misaki@example.com');
    renderAt(backend, `/messages/${conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer)}`);
    expect(
      await screen.findByRole('heading', { name: '会話が見つかりません' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'メッセージ一覧へ戻る' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('opens a conversation: messages oldest first under day headings, read receipts, and my count back to 0', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const id = conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer);
    renderAt(backend, `/messages/${id}`);
    const log = await screen.findByRole('log', { name: 'メッセージ履歴' });
    await within(log).findByText('はい、体育館シューズで大丈夫です。当日お待ちしています！');
    const texts = within(log)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    // The seed's last message is 20 hours old: under 今日 or 昨日, older ones under long dates.
    expect(texts.some((t) => t === '今日' || t === '昨日')).toBe(true);
    expect(texts.some((t) => /^\d{4}年\d{1,2}月\d{1,2}日\(.\)$/.test(t))).toBe(true);
    expect(texts.findIndex((t) => t.includes('はじめまして！'))).toBeLessThan(
      texts.findIndex((t) => t.includes('体育館シューズで大丈夫です。当日')),
    );
    // Hanako's own messages were read by the organizer.
    expect(within(log).getAllByText('既読').length).toBeGreaterThan(0);
    // Opening it marks the organizer's last message read.
    await waitFor(async () =>
      expect((await backend.conversations.get(id))!.unreadCount[DEMO_UIDS.hanako]).toBe(0),
    );
  });

  it('offers 通報 on each message from the other person, never on mine, and files it from the keyboard', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const id = conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer);
    renderAt(backend, `/messages/${id}`);
    const log = await screen.findByRole('log', { name: 'メッセージ履歴' });
    const last = 'はい、体育館シューズで大丈夫です。当日お待ちしています！';
    await within(log).findByText(last);
    // The organizer sent two of the four seeded messages; each names the message it reports.
    const buttons = within(log).getAllByRole('button', { name: 'メッセージを通報' });
    expect(
      buttons
        .map((b) => b.getAttribute('aria-describedby'))
        .map((d) => document.getElementById(d!)?.textContent),
    ).toEqual(['はじめまして、山田です。初心者の方も大歓迎です！', last]);
    const mine = within(log).getByText('ありがとうございます。シューズは体育館用で大丈夫ですか？');
    expect(within(mine.closest('li')!).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    within(log).getByRole('button', { name: 'メッセージを通報', description: last }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'このメッセージを通報' });
    await user.click(within(dialog).getByLabelText('スパム・宣伝目的'));
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const target = { type: 'message' as const, conversationId: id, messageId: `${id}-m4` };
    expect(await backend.db.reports.get(reportDocId(target, DEMO_UIDS.hanako))).toMatchObject({
      targetType: 'message',
      targetId: `${id}-m4`,
      conversationId: id,
      subjectUserId: DEMO_UIDS.organizer,
      targetLabel: last,
      reason: 'spam',
    });
  });

  it('archives for me only and finds the conversation under アーカイブ', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const id = conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer);
    renderAt(backend, `/messages/${id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^アーカイブ$/ }));
    expect(await screen.findByRole('button', { name: 'アーカイブを解除' })).toBeInTheDocument();
    const list = screen.getByRole('tabpanel');
    await waitFor(() =>
      expect(within(list).queryByRole('link', { name: /^山田 太郎との会話/ })).toBeNull(),
    );
    await user.click(screen.getByRole('tab', { name: /アーカイブ/ }));
    expect(
      await within(screen.getByRole('tabpanel')).findByRole('link', { name: /^山田 太郎との会話/ }),
    ).toBeInTheDocument();
    const stored = (await backend.conversations.get(id))!;
    expect(stored.archived).toEqual({ [DEMO_UIDS.hanako]: true, [DEMO_UIDS.organizer]: false });
  });

  it('keeps a failed message with its text and sends it once on 再送信', async () => {
    const backend = await createTestBackend();
    await signInAs(backend, 'hanako@example.com');
    const id = conversationId(DEMO_UIDS.hanako, DEMO_UIDS.organizer);
    const send = vi
      .spyOn(backend.conversations, 'send')
      .mockRejectedValueOnce(new Error('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(backend, `/messages/${id}`);
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'メッセージ' });
    await user.type(box, '届くかな{Enter}');
    const log = screen.getByRole('log', { name: 'メッセージ履歴' });
    const alert = await within(log).findByRole('alert');
    expect(alert).toHaveTextContent(
      '送信できませんでした。通信環境を確認して、もう一度お試しください',
    );
    expect(within(log).getByText('届くかな')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: '再送信' }));
    await waitFor(() => expect(within(log).queryByRole('alert')).toBeNull());
    expect(send).toHaveBeenCalledTimes(2);
    // Both attempts carried the same message id, so it is stored once.
    expect(send.mock.calls[0]![2]).toBe(send.mock.calls[1]![2]);
    await within(log).findByText('送信済み', { exact: false });
  });
});
