import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { test, expect } from './fixtures';

/** Seeded events (src/data/demo/events.ts): an open one and a cancelled one. */
const OPEN_EVENT = 'seed-event-01';
const CANCELLED_EVENT = 'seed-event-13';

/**
 * Opens an event's page and waits until the app has taken it over. A fresh browser profile loads
 * the demo data first, which on a loaded machine takes longer than one expect's 10 s.
 */
async function openEvent(page: Page, id: string) {
  await page.goto(`/events/${id}`);
  await expect(
    page
      .getByRole('group', { name: 'カレンダー・地図・共有' })
      .getByRole('button', { name: '共有' }),
  ).toBeEnabled({ timeout: 30_000 });
}

/** Presses Tab until the focused element has this accessible name; fails after `limit` presses. */
async function tabTo(page: Page, name: string, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
    });
    if (focused.startsWith(name)) return;
  }
  throw new Error(`「${name}」 was not reached with the keyboard`);
}

/** Opens カレンダーに追加 and saves the .ics with the keyboard alone; the file read by ical.js. */
async function saveIcsWithKeyboard(page: Page) {
  await tabTo(page, 'カレンダーに追加');
  await page.keyboard.press('Enter');
  await tabTo(page, 'カレンダーファイル（.ics）を保存', 1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  return { download, text, vevent, event: new ICAL.Event(vevent) };
}

/** The instant of a day and HH:mm shown on the page (2026年11月29日(日), 10:00) in Japan. */
function japanInstant(shownDay: string, hhmm: string): string {
  const [, y, m, d] = /(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(shownDay)!;
  const [h, min] = hhmm.split(':').map(Number);
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), h! - 9, min)).toISOString();
}

test('the event page saves an .ics a real parser reads, and its actions work from the keyboard', async ({
  page,
  context,
  consoleErrors,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Desktop Chromium on Linux has no share sheet; the fallback (copy the link) is what runs here.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await openEvent(page, OPEN_EVENT);
  const title = await page.getByRole('heading', { level: 1 }).innerText();
  const details = page.getByRole('region', { name: '開催情報' });
  const row = (label: string) => details.locator('dt', { hasText: label }).locator('+ dd');
  const [day, times, place] = [
    await row('開催日').innerText(),
    await row('時間').innerText(),
    await row('場所').innerText(),
  ];
  const description = await page
    .getByRole('region', { name: 'イベント内容' })
    .locator('p')
    .innerText();
  const [start, end] = times.split('〜');

  await page.locator('body').focus();
  const { download, text, vevent, event } = await saveIcsWithKeyboard(page);

  expect(download.suggestedFilename()).toBe(`${title}.ics`);
  expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  expect(event.uid).toBe(`event-${OPEN_EVENT}@sports-community`);
  expect(event.summary).toBe(title);
  expect(event.location).toBe(place);
  expect(event.description).toBe(description);
  expect(vevent.getFirstPropertyValue('url')).toBe(
    new URL(`/events/${OPEN_EVENT}`, page.url()).href,
  );
  expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  expect(event.startDate.toJSDate().toISOString()).toBe(japanInstant(day, start!));
  expect(event.endDate.toJSDate().toISOString()).toBe(japanInstant(day, end!));

  // The Google Calendar link and the map are the next stops, then 共有.
  await tabTo(page, 'Googleカレンダーに追加', 1);
  const google = new URL(
    (await page.getByRole('link', { name: /Googleカレンダーに追加/ }).getAttribute('href'))!,
  );
  expect(google.searchParams.get('ctz')).toBe('Asia/Tokyo');
  expect(google.searchParams.get('text')).toBe(title);
  await tabTo(page, '地図で見る', 2);
  await expect(page.getByRole('link', { name: /地図で見る/ })).toHaveAttribute('target', '_blank');
  await tabTo(page, '共有', 1);
  await page.keyboard.press('Enter');
  await expect(page.getByText('イベントのリンクをコピーしました', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    new URL(`/events/${OPEN_EVENT}`, page.url()).href,
  );
  expect(consoleErrors).toEqual([]);
});

test('a cancelled event saves STATUS:CANCELLED under its UID and offers no Google Calendar', async ({
  page,
  consoleErrors,
}) => {
  await openEvent(page, CANCELLED_EVENT);
  await page.locator('body').focus();
  const { vevent, event } = await saveIcsWithKeyboard(page);
  expect(event.uid).toBe(`event-${CANCELLED_EVENT}@sports-community`);
  expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  await expect(page.getByRole('link', { name: /Googleカレンダー/ })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

/** Every control of the group lies inside the screen, at least 40px high, and nothing scrolls sideways. */
async function expectFits(page: Page, width: number) {
  const group = page.getByRole('group', { name: 'カレンダー・地図・共有' });
  for (const control of await group.locator('a, button, summary').all()) {
    if (!(await control.isVisible())) continue;
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.height).toBeGreaterThanOrEqual(40);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

for (const width of [390, 1280]) {
  test(`the actions fit a ${width}px wide screen, closed and open`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openEvent(page, OPEN_EVENT);
    const group = page.getByRole('group', { name: 'カレンダー・地図・共有' });
    await expect(group.getByRole('link', { name: /Googleカレンダーに追加/ })).toBeHidden();
    await expectFits(page, width);
    await group.locator('summary', { hasText: 'カレンダーに追加' }).click();
    await expect(group.getByRole('link', { name: /Googleカレンダーに追加/ })).toBeVisible();
    await expectFits(page, width);
  });
}
