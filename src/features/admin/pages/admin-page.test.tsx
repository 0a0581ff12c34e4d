import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import {
  createTestBackend,
  DEMO_UIDS,
  renderWithBackend,
  seedEventId,
  signInAs,
  type TestBackend,
} from '@/test/render-with-backend';
import AdminPage from './admin-page';

let backend: TestBackend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

const STAFF_METHODS: (keyof Backend['staff'])[] = [
  'dashboard',
  'searchUsers',
  'userByCustomId',
  'userActivity',
  'setRole',
  'setActive',
  'recentEvents',
  'cancelEvent',
  'reports',
  'resolveReport',
  'auditLog',
  'adminSetup',
  'initializeAdmin',
];

/** Every staff port method, watched, so a test can say none was called. */
function watchStaffPort(b: TestBackend) {
  return STAFF_METHODS.map((m) => vi.spyOn(b.staff, m));
}

async function open(as: string | null, route = '/admin') {
  const b = await createTestBackend();
  backend = b;
  if (as) await signInAs(b, as);
  const spies = watchStaffPort(b);
  const user = userEvent.setup();
  renderWithBackend(<AdminPage />, b, { route, path: '/admin' });
  return { b, spies, user };
}

describe('/admin access', () => {
  it('offers a visitor the login with a way back, and asks the backend nothing', async () => {
    const { spies } = await open(null, '/admin?tab=reports');
    const link = await screen.findByRole('link', { name: 'ログインする' });
    expect(link).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent('/admin?tab=reports')}`,
    );
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('tells a signed-in user without a staff role 権限がありません, and fetches no staff data', async () => {
    const { spies } = await open('hanako@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: '権限がありません' }),
    ).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('/admin for staff', () => {
  it('shows the dashboard counts and the newest users', async () => {
    const { b } = await open('admin@example.com');
    const counts = await screen.findByRole('region', { name: '概要' });
    const users = await b.db.users.count();
    await waitFor(() =>
      expect(within(counts).getByText('登録ユーザー').nextElementSibling).toHaveTextContent(
        String(users),
      ),
    );
    expect(within(counts).getByText('未対応の通報').nextElementSibling).toHaveTextContent('2');
    const list = await screen.findByRole('region', { name: 'ユーザー' });
    expect(await within(list).findByRole('link', { name: '佐藤 花子' })).toBeVisible();
  });

  it('lets an admin change a role after confirming, and records it in the audit log', async () => {
    const { b, user } = await open('admin@example.com');
    await user.type(await screen.findByLabelText('ユーザーを検索'), '佐藤');
    await user.click(screen.getByRole('button', { name: '検索' }));
    await user.selectOptions(await screen.findByLabelText('佐藤 花子さんの役割'), 'moderator');
    await user.click(screen.getByRole('button', { name: '佐藤 花子さんの役割を変更' }));
    const dialog = await screen.findByRole('alertdialog', { name: '役割を変更しますか？' });
    expect(dialog).toHaveTextContent('「一般ユーザー」から「モデレーター」に変更します');
    await user.click(within(dialog).getByRole('button', { name: '変更する' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect((await b.users.get(DEMO_UIDS.hanako))!.role).toBe('moderator');

    await user.click(screen.getByRole('tab', { name: '監査ログ' }));
    const log = await screen.findByRole('list', { name: '監査ログ' });
    await waitFor(() =>
      expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(
        /運営事務局役割の変更佐藤 花子一般ユーザー → モデレーター/,
      ),
    );
  });

  it('gives a moderator no role choice, and suspension only for users below their rank', async () => {
    const { b, user } = await open('moderator@example.com');
    const list = await screen.findByRole('region', { name: 'ユーザー' });
    await within(list).findByRole('link', { name: '運営事務局' });
    expect(within(list).queryByRole('combobox')).not.toBeInTheDocument();
    expect(
      within(list).queryByRole('button', { name: '運営事務局さんを利用停止にする' }),
    ).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: '鈴木 一郎さんを利用停止にする' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: '鈴木 一郎さんを利用停止にしますか？',
    });
    await user.type(within(dialog).getByLabelText('メモ'), '通報が続いたため');
    await user.click(within(dialog).getByRole('button', { name: '利用停止にする' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect((await b.users.get(DEMO_UIDS.ichiro))!.isActive).toBe(false);
    expect(
      await within(list).findByRole('button', { name: '鈴木 一郎さんを利用再開する' }),
    ).toBeVisible();
  });

  it('resolves a report with a note; it leaves the open queue for the resolved one', async () => {
    const { user } = await open('moderator@example.com', '/admin?tab=reports');
    const queue = await screen.findByRole('region', { name: '通報' });
    const event = await within(queue).findByRole('link', { name: '平日夜の3on3バスケ' });
    const row = event.closest('li')!;
    await user.click(within(row).getByRole('button', { name: '対応済みにする' }));
    const dialog = await screen.findByRole('alertdialog', { name: '通報を対応済みにしますか？' });
    const confirm = within(dialog).getByRole('button', { name: '対応済みにする' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/対応内容/), '主催者に注意しました');
    await user.click(confirm);
    await waitFor(() =>
      expect(
        within(queue).queryByRole('link', { name: '平日夜の3on3バスケ' }),
      ).not.toBeInTheDocument(),
    );
    await user.click(within(queue).getByRole('button', { name: '対応済み' }));
    expect(await within(queue).findByText('主催者に注意しました')).toBeVisible();
  });

  it('cancels an event with a reason; the organizer is notified', async () => {
    const { b, user } = await open('admin@example.com', '/admin?tab=events');
    const tab = await screen.findByRole('region', { name: 'イベント' });
    await user.type(within(tab).getByLabelText('イベントを検索'), '3on3');
    await user.click(within(tab).getByRole('button', { name: '検索' }));
    await user.click(
      await within(tab).findByRole('button', { name: '「平日夜の3on3バスケ」を中止する' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'イベントを中止しますか？' });
    const confirm = within(dialog).getByRole('button', { name: '中止する' });
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText(/中止の理由/), 'fraud');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await within(tab).findByText('中止')).toBeVisible();
    expect((await b.events.get(seedEventId(3)))!.status).toBe('cancelled');
    const notices = await b.db.notifications.where('userId').equals(DEMO_UIDS.ichiro).toArray();
    expect(notices.some((n) => n.type === 'staff_event_cancelled')).toBe(true);
  });
});
