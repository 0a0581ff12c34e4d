import { DEMO_PASSWORD, expect, inDays, signIn, test } from './fixtures';

/**
 * The organizer moves an event's day, then cancels it (docs/notifications.md "Change notices"):
 * in the demo data 山田 太郎 organizes seed-event-01 (週末エンジョイフットサル, 10:00〜12:00),
 * 佐藤 花子 and 鈴木 一郎 take part and 高橋 美咲 has a pending request.
 */
const EVENT = '/events/seed-event-01';
const TITLE = '週末エンジョイフットサル';
const PARTICIPANTS = ['hanako@example.com', 'ichiro@example.com'];
const REQUESTER = 'misaki@example.com';

/** Four users' pages on one machine: each waits longer than the default for its live update. */
const slow = expect.configure({ timeout: 60_000 });

/** yyyy-MM-dd as a notice writes the day: 11月29日(土). */
function monthDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const weekday = '日月火水木金土'[new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay()];
  return `${m}月${d}日(${weekday})`;
}

/** yyyy-MM-dd as the event page writes the day: 2025年11月29日(土). */
function longDay(ymd: string): string {
  const [y] = ymd.split('-');
  return `${y}年${monthDay(ymd)}`;
}

test('event changes: the organizer moves the day, then cancels; participants and the requester are told live and mailed once each', async ({
  page,
  otherUser,
  mailCount,
  consoleErrors,
}) => {
  // Four users in one test, on a machine that may be busy.
  test.setTimeout(300_000);
  const organizer = page;
  const hanako = await otherUser();
  const ichiro = await otherUser();
  const misaki = await otherUser();
  await signIn(organizer, 'organizer@example.com', DEMO_PASSWORD);
  // 花子 watches the event page, 一郎 and 美咲 their notifications.
  await signIn(hanako, PARTICIPANTS[0]!, DEMO_PASSWORD, EVENT);
  await signIn(ichiro, PARTICIPANTS[1]!, DEMO_PASSWORD, '/notifications');
  await signIn(misaki, REQUESTER, DEMO_PASSWORD, '/notifications');
  await hanako.bringToFront();
  await slow(hanako.getByText('参加予定です')).toBeVisible();
  for (const p of [ichiro, misaki]) {
    await p.bringToFront();
    await slow(p.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();
  }

  // The organizer moves the day.
  await organizer.bringToFront();
  await organizer.goto(`${EVENT}/edit`);
  const day = organizer.getByLabel('開催日');
  await slow(day).not.toHaveValue('');
  const before = await day.inputValue();
  const after = inDays(20);
  await day.fill(after);
  await organizer.getByRole('button', { name: '変更を保存する' }).click();
  await slow(organizer).toHaveURL(new RegExp(`${EVENT}$`));
  await slow(organizer.getByText(longDay(after)).first()).toBeVisible({ timeout: 30_000 });

  const changed = `開催日時が ${monthDay(before)} 10:00〜12:00 から ${monthDay(after)} 10:00〜12:00 に変更されました`;
  // The open event page shows the new day without a reload.
  await hanako.bringToFront();
  await slow(hanako.getByText(longDay(after)).first()).toBeVisible();
  await ichiro.bringToFront();
  await slow(ichiro.getByRole('listitem').filter({ hasText: changed })).toBeVisible();

  // The change's mail goes out after the write, from this page: it is awaited before the
  // organizer leaves the page (a navigation would cut the call short).
  const changeMail = new RegExp(`「${TITLE}」の開催日時・場所が変更されました`);
  for (const to of PARTICIPANTS) {
    await slow.poll(() => mailCount(organizer, to, changeMail), { timeout: 60_000 }).toBe(1);
  }

  // Then cancels it, after confirming.
  await organizer.bringToFront();
  await organizer.goto(EVENT);
  await organizer.getByRole('button', { name: 'イベントを中止する' }).click();
  await organizer
    .getByRole('alertdialog')
    .getByRole('button', { name: 'イベントを中止する' })
    .click();
  await slow(organizer.getByText('中止', { exact: true }).first()).toBeVisible();

  const cancelled = `「${TITLE}」は主催者により中止されました`;
  await hanako.bringToFront();
  await slow(hanako.getByText('このイベントは中止になりました')).toBeVisible();
  await hanako.goto('/notifications');
  for (const p of [hanako, ichiro]) {
    await p.bringToFront();
    await slow(p.getByRole('listitem').filter({ hasText: changed })).toBeVisible();
    await slow(p.getByRole('listitem').filter({ hasText: cancelled })).toBeVisible();
  }
  // The pending requester hears of the cancellation, not of the change.
  await misaki.bringToFront();
  await slow(misaki.getByRole('listitem').filter({ hasText: cancelled })).toBeVisible();
  await slow(misaki.getByRole('listitem').filter({ hasText: changed })).toHaveCount(0);

  // One mail per person and change.
  const cancelMail = new RegExp(`「${TITLE}」は中止になりました`);
  for (const to of [...PARTICIPANTS, REQUESTER]) {
    await slow.poll(() => mailCount(organizer, to, cancelMail), { timeout: 30_000 }).toBe(1);
  }
  for (const to of PARTICIPANTS) {
    expect(await mailCount(organizer, to, changeMail)).toBe(1);
  }
  expect(await mailCount(organizer, REQUESTER, changeMail)).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('a participant leaves: the organizer is told live, in-app only (mail about leaving is off by default)', async ({
  page,
  otherUser,
  mailCount,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const organizer = page;
  const ichiro = await otherUser();
  await signIn(organizer, 'organizer@example.com', DEMO_PASSWORD, '/notifications');
  await signIn(ichiro, PARTICIPANTS[1]!, DEMO_PASSWORD);
  await organizer.bringToFront();
  await slow(organizer.getByRole('heading', { level: 1, name: '通知' })).toBeVisible();

  await ichiro.bringToFront();
  await ichiro.goto(EVENT);
  await slow(ichiro.getByText('参加予定です')).toBeVisible();
  await ichiro.getByRole('button', { name: '参加をやめる' }).click();
  await ichiro.getByRole('alertdialog').getByRole('button', { name: 'やめる' }).click();
  await slow(ichiro.getByText('参加をやめました').first()).toBeVisible();

  await organizer.bringToFront();
  const left = new RegExp(`鈴木 一郎さんが「${TITLE}」への参加をやめました`);
  await slow(organizer.getByRole('listitem').filter({ hasText: left })).toBeVisible();
  expect(await mailCount(organizer, 'organizer@example.com', /参加者が減りました/)).toBe(0);
  expect(consoleErrors).toEqual([]);
});
