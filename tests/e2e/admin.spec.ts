import type { Page } from '@playwright/test';
import { test, expect, signIn } from './fixtures';

/** Demo accounts of the local seed (src/data/demo: people.ts, staff.ts); one password. */
const PASSWORD = 'demo1234';
const ADMIN = 'admin@example.com';
const ORGANIZER = { email: 'organizer@example.com', name: '山田 太郎' };
const REPORTER = 'misaki@example.com';
const PROMOTED = { email: 'hanako@example.com', name: '佐藤 花子' };
/** Organized by 山田 太郎 (seed-event-01); 高橋 美咲 takes no part in it. */
const EVENT = { id: 'seed-event-01', title: '週末エンジョイフットサル' };

async function adminTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

// Five sign-ins across three accounts, reports, a suspension and a role change: the longest
// journey. As the first Firebase test it also meets the emulators cold; on a loaded 2-core CI
// machine it has taken 1.8–2.0 minutes, the default limit.
test.setTimeout(240_000);

test('staff: a non-staff user is refused, a report is handled, an organizer suspended, a moderator appointed', async ({
  page,
  otherUser,
  watchReads,
  consoleErrors,
}) => {
  // --- A signed-in user without a staff role: 権限がありません, and no staff data is read.
  const reporter = page;
  const storesOf = await watchReads(reporter);
  await signIn(reporter, REPORTER, PASSWORD, '/admin');
  await expect(reporter.getByRole('heading', { level: 1, name: '権限がありません' })).toBeVisible();
  await expect(reporter.getByRole('tablist')).toHaveCount(0);
  const stores = await storesOf();
  expect(stores).toContain('users');
  expect(stores).not.toContain('reports');
  expect(stores).not.toContain('auditLog');

  // --- The user reports an event from its page.
  await reporter.goto(`/events/${EVENT.id}`);
  await reporter.getByRole('button', { name: 'イベントを通報' }).click();
  const form = reporter.getByRole('dialog', { name: 'このイベントを通報' });
  await form.getByLabel('詐欺・虚偽の内容').check();
  await form.getByLabel('詳しい内容').fill('参加費の振込先が個人の口座になっています。');
  await form.getByRole('button', { name: '通報する' }).click();
  // On success the dialog closes and a toast says the report was received.
  await expect(form).toHaveCount(0);
  await expect(reporter.getByText('通報を受け付けました', { exact: true })).toBeVisible();

  // The organizer is signed in in a tab of their own all along.
  const organizer = await otherUser();
  await signIn(organizer, ORGANIZER.email, PASSWORD);

  // --- The admin sees the report on /admin.
  const admin = await otherUser();
  await signIn(admin, ADMIN, PASSWORD, '/admin');
  await expect(admin.getByRole('heading', { level: 1, name: '管理画面' })).toBeVisible();
  await adminTab(admin, '通報');
  const queue = admin.getByRole('region', { name: '通報' });
  const reportRow = queue.getByRole('listitem').filter({ hasText: EVENT.title });
  await expect(reportRow).toContainText('参加費の振込先が個人の口座になっています。');
  await expect(reportRow).toContainText('通報者 高橋 美咲');

  // --- Cancels the event with a reason; the organizer is notified.
  await adminTab(admin, 'イベント');
  const events = admin.getByRole('region', { name: 'イベント' });
  await events.getByLabel('イベントを検索').fill('エンジョイフットサル');
  await events.getByRole('button', { name: '検索' }).click();
  await events.getByRole('button', { name: `「${EVENT.title}」を中止する` }).click();
  const cancel = admin.getByRole('alertdialog', { name: 'イベントを中止しますか？' });
  await cancel.getByLabel(/中止の理由/).selectOption({ label: '虚偽・詐欺の疑い' });
  await cancel.getByLabel('メモ').fill('通報を受けて確認');
  await cancel.getByRole('button', { name: '中止する' }).click();
  await expect(cancel).toBeHidden();
  await expect(events.getByRole('listitem').filter({ hasText: EVENT.title })).toContainText('中止');

  await organizer.bringToFront();
  await organizer.goto('/notifications');
  await expect(
    organizer.getByRole('button', { name: /^未読：イベントが中止されました/ }),
  ).toBeVisible();
  await expect(organizer.getByText(`「${EVENT.title}」は運営により中止されました`)).toBeVisible();

  // --- Resolves the report.
  await admin.bringToFront();
  await adminTab(admin, '通報');
  await reportRow.getByRole('button', { name: '対応済みにする' }).click();
  const resolve = admin.getByRole('alertdialog', { name: '通報を対応済みにしますか？' });
  await resolve.getByLabel(/対応内容/).fill('イベントを中止し、主催者を利用停止にしました');
  await resolve.getByRole('button', { name: '対応済みにする' }).click();
  await expect(resolve).toBeHidden();
  await expect(queue.getByRole('listitem').filter({ hasText: EVENT.title })).toHaveCount(0);

  // --- Suspends the reported event's organizer.
  await adminTab(admin, 'ユーザー');
  const users = admin.getByRole('region', { name: 'ユーザー' });
  await users.getByLabel('ユーザーを検索').fill('山田');
  await users.getByRole('button', { name: '検索' }).click();
  await users.getByRole('button', { name: `${ORGANIZER.name}さんを利用停止にする` }).click();
  const suspend = admin.getByRole('alertdialog', {
    name: `${ORGANIZER.name}さんを利用停止にしますか？`,
  });
  await suspend.getByLabel('メモ').fill('虚偽のイベントのため');
  await suspend.getByRole('button', { name: '利用停止にする' }).click();
  await expect(suspend).toBeHidden();
  await expect(users.getByRole('listitem').filter({ hasText: ORGANIZER.name })).toContainText(
    '利用停止中',
  );

  // The suspended organizer's next write is refused with a clear Japanese message.
  await organizer.bringToFront();
  await organizer.goto('/events/seed-event-03');
  await organizer.getByRole('button', { name: 'イベントを通報' }).click();
  const refused = organizer.getByRole('dialog', { name: 'このイベントを通報' });
  await refused.getByLabel('その他').check();
  await refused.getByRole('button', { name: '通報する' }).click();
  await expect(refused.getByRole('alert')).toHaveText(
    'このアカウントは利用停止中のため、この操作はできません',
  );
  await refused.getByRole('button', { name: 'キャンセル' }).click();

  // --- The audit log lists the three actions, newest first.
  await admin.bringToFront();
  await adminTab(admin, '監査ログ');
  const entries = admin.getByRole('list', { name: '監査ログ' }).getByRole('listitem');
  await expect(entries.nth(0)).toContainText(`運営事務局利用停止${ORGANIZER.name}`);
  await expect(entries.nth(0)).toContainText('メモ：虚偽のイベントのため');
  await expect(entries.nth(1)).toContainText(`運営事務局通報への対応${EVENT.title}`);
  await expect(entries.nth(2)).toContainText(`運営事務局イベントの中止${EVENT.title}`);
  await expect(entries.nth(2)).toContainText('理由：虚偽・詐欺の疑い');

  // --- Promotes a user to moderator, who then reaches /admin but cannot grant admin.
  await adminTab(admin, 'ユーザー');
  await users.getByLabel('ユーザーを検索').fill('佐藤');
  await users.getByRole('button', { name: '検索' }).click();
  await users.getByLabel(`${PROMOTED.name}さんの役割`, { exact: true }).selectOption('moderator');
  await users.getByRole('button', { name: `${PROMOTED.name}さんの役割を変更` }).click();
  await admin
    .getByRole('alertdialog', { name: '役割を変更しますか？' })
    .getByRole('button', { name: '変更する' })
    .click();
  await expect(users.getByRole('listitem').filter({ hasText: PROMOTED.name })).toContainText(
    'モデレーター',
  );

  const moderator = await otherUser();
  await signIn(moderator, PROMOTED.email, PASSWORD);
  await moderator.getByRole('button', { name: `${PROMOTED.name}のメニュー` }).click();
  await moderator.getByRole('menuitem', { name: '管理画面' }).click();
  await expect(moderator.getByRole('heading', { level: 1, name: '管理画面' })).toBeVisible();
  const modUsers = moderator.getByRole('region', { name: 'ユーザー' });
  await expect(modUsers.getByRole('link', { name: '運営事務局' })).toBeVisible();
  // No role control at all for a moderator, so no way to grant admin.
  await expect(modUsers.getByRole('combobox')).toHaveCount(0);
  await expect(modUsers.getByRole('button', { name: /役割を変更/ })).toHaveCount(0);

  // The only console error is the refusal the product logs (docs/domain.md "Errors" "Mutation error").
  expect(consoleErrors.filter((e) => !e.includes('[Mutation error]'))).toEqual([]);
  expect(consoleErrors).toHaveLength(1);
});
