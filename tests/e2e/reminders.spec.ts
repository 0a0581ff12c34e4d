import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { runScheduledFunction, scheduledFunctionsMissing, writeDocAsServer } from './server';
import { putLocalEvent } from './local-db';

const TITLE = 'リマインダー確認会';
const PLACE = '代々木公園';

/** The parts of an instant in Japan. */
function inJapan(at: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const weekday = '日月火水木金土'[
    ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'))
  ];
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    time: `${get('hour')}:${get('minute')}`,
    weekday,
  };
}

/**
 * Stores an event with 佐藤 花子 starting in two hours straight into the local database, or on
 * Firebase into Firestore as a Function would (the demo's own events are due or not depending
 * on the hour the test runs).
 */
async function storeEventSoon(page: Page, backend: string) {
  const start = inJapan(new Date(Date.now() + 2 * 60 * 60_000));
  // The day as a browser in Japan stores it: its midnight in Japan.
  const date = new Date(Date.UTC(start.year, start.month - 1, start.day) - 9 * 60 * 60_000);
  const row = {
    id: 'reminder-e2e',
    title: TITLE,
    description: '',
    sportType: 'フットサル',
    location: PLACE,
    region: '関東',
    level: '誰でも',
    organizerId: 'demo-organizer',
    organizerName: '山田 太郎',
    participants: ['demo-hanako'],
    status: 'open',
    date,
    startTime: start.time,
    endTime: '',
    fee: 0,
    capacity: 10,
  };
  if (backend === 'firebase') {
    const { id, ...data } = row;
    await writeDocAsServer(`events/${id}`, data);
  } else {
    await putLocalEvent(page, row.id, { fields: row });
  }
  const today = inJapan(new Date()).day === start.day;
  return {
    title: today ? '今日はイベントの日です' : '明日はイベントの日です',
    body: `「${TITLE}」は ${start.month}月${start.day}日(${start.weekday}) ${start.time} から ${PLACE} で開催されます`,
    subject: `${today ? '今日' : '明日'}は「${TITLE}」の日です`,
  };
}

/**
 * The day-before reminder (docs/notifications.md "Reminders"): on the local build the page runs
 * the reminder's schedule itself once it is idle, and catches up on load; on Firebase the
 * scheduled Cloud Function sends it, run here on the Functions emulator as the scheduler would.
 * A second run sends nothing new.
 */
test('a participant finds the reminder of an event starting soon once, and its mail', async ({
  page,
  backend,
  mailCount,
}) => {
  const missing = backend === 'firebase' ? scheduledFunctionsMissing() : null;
  test.skip(missing !== null, `not run on firebase: ${missing}`);
  await signIn(page, 'hanako@example.com', DEMO_PASSWORD);
  const expected = await storeEventSoon(page, backend);
  const subject = new RegExp(expected.subject);

  // The next load runs the schedule on the local build and finds the event due.
  if (backend === 'firebase') await runScheduledFunction('sendEventReminders');
  await page.goto('/notifications');
  const reminder = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `未読：${expected.title}` }) })
    .filter({ hasText: expected.body });
  await expect(reminder).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => mailCount(page, 'hanako@example.com', subject)).toBe(1);

  // Runs after it find nothing due.
  if (backend === 'firebase') await runScheduledFunction('sendEventReminders');
  await page.reload();
  await expect(reminder).toHaveCount(1, { timeout: 30_000 });
  expect(await mailCount(page, 'hanako@example.com', subject)).toBe(1);
});
