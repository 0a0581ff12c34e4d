import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestBackend,
  DEMO_UIDS,
  renderWithBackend,
  signInAs,
  type TestBackend,
  seedEventId,
} from '@/test/render-with-backend';
import { UnreadBadge } from '../unread-badge';
import NotificationsPage from './notifications-page';

let backend: TestBackend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

/**
 * Hanako's seeded notifications (src/data/demo/notifications.ts), newest first: a rejection
 * (unread), an approval (unread), an older approval (read). `before` runs before the screen.
 */
async function setup(email = 'hanako@example.com', before?: (b: TestBackend) => Promise<void>) {
  const b = await createTestBackend();
  backend = b;
  await signInAs(b, email);
  await before?.(b);
  renderWithBackend(
    <>
      <UnreadBadge />
      <NotificationsPage />
    </>,
    b,
    {
      route: '/notifications',
      path: '/notifications',
      routes: [{ path: '/events/:id', element: <p>イベント詳細</p> }],
    },
  );
  return b;
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem');
const location = () => screen.getByTestId('location').textContent;

describe('NotificationsPage', () => {
  it('lists my notifications newest first with the unread ones marked', async () => {
    await setup();
    expect(await screen.findByText('未読 2件')).toBeInTheDocument();
    const rows = items();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('参加リクエストが見送られました');
    expect(rows[0]).toHaveTextContent('「皇居ラン 10km」への参加リクエストは見送られました');
    expect(rows[0]).toHaveTextContent('3日前');
    expect(
      within(rows[0]!).getByRole('button', { name: '未読：参加リクエストが見送られました' }),
    ).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('「初心者向けテニス練習会」への参加が承認されました');
    expect(
      within(rows[1]!).getByRole('button', { name: '未読：参加リクエストが承認されました' }),
    ).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('「週末エンジョイフットサル」への参加が承認されました');
    expect(rows[2]).not.toHaveTextContent('未読');
    expect(screen.getByRole('link', { name: '通知 未読2件' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('marks a notification read when opened and goes to its event', async () => {
    const user = userEvent.setup();
    const b = await setup();
    await user.click(
      await screen.findByRole('button', { name: '未読：参加リクエストが見送られました' }),
    );

    expect(await screen.findByText('イベント詳細')).toBeInTheDocument();
    expect(location()).toBe(`/events/${seedEventId(6)}`);
    await waitFor(async () => {
      const rows = await b.db.notifications.where('userId').equals(DEMO_UIDS.hanako).toArray();
      expect(rows.find((n) => n.type === 'participation_rejected')?.read).toBe(true);
    });
  });

  it('marks a notification without an event read and stays on the list', async () => {
    const user = userEvent.setup();
    // A document from before notifications carried ids only: no event to go to.
    await setup('hanako@example.com', async (b) => {
      await b.db.notifications.put({
        id: 'legacy-message',
        userId: DEMO_UIDS.hanako,
        type: 'message',
        title: '新しいメッセージ',
        content: '山田 太郎さんからメッセージが届きました',
        data: {},
        read: false,
        timestamp: new Date(),
        clientTimestamp: new Date(),
      });
    });
    await user.click(await screen.findByRole('button', { name: '未読：新しいメッセージ' }));
    expect(await screen.findByText('未読 2件')).toBeInTheDocument();
    expect(location()).toBe('/notifications');
  });

  it('marks every notification read', async () => {
    const user = userEvent.setup();
    const b = await setup();
    await user.click(await screen.findByRole('button', { name: 'すべて既読にする' }));
    expect(await screen.findByText('すべて既読です')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'すべて既読にする' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '通知' })).toBeInTheDocument();
    await waitFor(async () => {
      const rows = await b.db.notifications.where('userId').equals(DEMO_UIDS.hanako).toArray();
      expect(rows.every((n) => n.read === true)).toBe(true);
    });
  });

  it('deletes one notification', async () => {
    const user = userEvent.setup();
    const b = await setup();
    await user.click(
      await screen.findByRole('button', { name: '「参加リクエストが見送られました」を削除' }),
    );
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(screen.queryByText('参加リクエストが見送られました')).not.toBeInTheDocument();
    await waitFor(async () =>
      expect(await b.db.notifications.where('userId').equals(DEMO_UIDS.hanako).count()).toBe(2),
    );
  });

  it('deletes all notifications after confirmation', async () => {
    const user = userEvent.setup();
    const b = await setup();
    await user.click(await screen.findByRole('button', { name: 'すべて削除' }));
    const dialog = screen.getByRole('alertdialog', { name: 'すべての通知を削除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '削除する' }));

    expect(await screen.findByText('通知はありません')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await b.db.notifications.where('userId').equals(DEMO_UIDS.hanako).count()).toBe(0);
    // Someone else's notifications are untouched.
    expect(
      await b.db.notifications.where('userId').equals(DEMO_UIDS.organizer).count(),
    ).toBeGreaterThan(0);
  });

  it('shows the empty state for a user without notifications', async () => {
    await setup('admin@example.com');
    expect(await screen.findByText('通知はありません')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'すべて既読にする' })).not.toBeInTheDocument();
  });

  it('shows a new notification as it arrives, in words rendered from its type and data', async () => {
    const b = await setup('admin@example.com');
    expect(await screen.findByText('通知はありません')).toBeInTheDocument();
    // As an approval writes it: ids and the checked event title, no stored words.
    await act(() =>
      b.db.notifications.put({
        id: 'r1_participation_approved',
        userId: DEMO_UIDS.admin,
        type: 'participation_approved',
        data: { eventId: seedEventId(1), requestId: 'r1', eventTitle: '朝のテニス' },
        read: false,
        timestamp: new Date(),
        clientTimestamp: new Date(),
      }),
    );
    expect(await screen.findByText('「朝のテニス」への参加が承認されました')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '未読：参加リクエストが承認されました' }),
    ).toBeInTheDocument();
    expect(screen.getByText('未読 1件')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '通知 未読1件' })).toBeInTheDocument();
  });
});
