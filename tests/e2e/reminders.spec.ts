import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

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
 * Stores an event with 佐藤 花子 starting in two hours straight into the local database (the
 * demo's own events are due or not depending on the hour the test runs).
 */
async function storeEventSoon(page: Page) {
  const start = inJapan(new Date(Date.now() + 2 * 60 * 60_000));
  // The day as a browser in Japan stores it: its midnight in Japan.
  const date = new Date(Date.UTC(start.year, start.month - 1, start.day) - 9 * 60 * 60_000);
  await page.evaluate(
    async ({ row }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sports-community-local');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('events', 'readwrite');
        tx.objectStore('events').put({ ...row, date: new Date(row.date) });
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    {
      row: {
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
        date: date.toISOString(),
        startTime: start.time,
        endTime: '',
        fee: 0,
        capacity: 10,
      },
    },
  );
  const today = inJapan(new Date()).day === start.day;
  return {
    title: today ? '今日はイベントの日です' : '明日はイベントの日です',
    body: `「${TITLE}」は ${start.month}月${start.day}日(${start.weekday}) ${start.time} から ${PLACE} で開催されます`,
    subject: `${today ? '今日' : '明日'}は「${TITLE}」の日です`,
  };
}

/**
 * The day-before reminder on the local build, which runs the reminder's schedule itself once a
 * page is idle (docs/notifications.md "Reminders"), and catches up on load. On Firebase the
 * scheduled Cloud Function sends it, which the emulators here do not run: its handler is tested
 * with a fixed clock instead.
 */
test('a participant finds the reminder of an event starting soon once, and its mail in the outbox', async ({
  page,
  backend,
}) => {
  test.skip(backend !== 'local', 'not run on firebase: the scheduled function is not emulated');
  await signIn(page, 'hanako@example.com', DEMO_PASSWORD);
  const expected = await storeEventSoon(page);

  // The next load runs the schedule and finds the event due.
  await page.goto('/notifications');
  const reminder = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `未読：${expected.title}` }) })
    .filter({ hasText: expected.body });
  await expect(reminder).toHaveCount(1, { timeout: 30_000 });

  const mails = async () => {
    await page.goto('/dev/outbox');
    const list = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: expected.subject }) })
      .filter({ hasText: '宛先: hanako@example.com' });
    await expect(list.first()).toBeVisible({ timeout: 30_000 });
    return list;
  };
  await expect(await mails()).toHaveCount(1);
  // Loads after it run the schedule again, and send nothing new.
  await page.reload();
  await expect(await mails()).toHaveCount(1);
});
