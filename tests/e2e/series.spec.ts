import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { DEMO_PASSWORD, expect as baseExpect, signIn, test } from './fixtures';
import { fillWeeklyThursdaySeries } from './series-form';
import { fetchFunction, updateDocAsServer } from './server';

/**
 * A series (定期開催, docs/series.md), the same on both builds: an organizer creates 毎週木曜
 * 19:00〜21:00 from the event form; its page says the rule in words and lists the next dates
 * with their seats; a date's page links back to its series; the event list shows the series
 * once, with 「毎週木曜」. The regulars, 「今回はお休み」 and the minimum headcount of a series are
 * in series-done-when.spec.ts.
 */
const TITLE = '定期開催テスト 木曜フットサル';
const ORGANIZER = 'organizer@example.com';

// On Firebase the dates come from the Functions emulator's trigger on the new series.
const expect = baseExpect.configure({ timeout: 60_000 });

test.setTimeout(240_000);

test('series: 毎週木曜 from the event form, its page with the next dates, each date linking back, the list showing it once', async ({
  page,
  backend,
  consoleErrors,
}, testInfo) => {
  await signIn(page, ORGANIZER, DEMO_PASSWORD);
  await page.goto('/create-event');
  await page.getByRole('link', { name: '定期開催として作成' }).click();
  await expect(page).toHaveURL(/\/create-series$/);
  const rule = await fillWeeklyThursdaySeries(page, { title: TITLE, capacity: 8, count: 10 });
  await page.getByLabel('説明').fill('毎週木曜の夜に集まるフットサルです。');
  await expect(rule.getByTestId('series-rule-summary')).toHaveText('毎週木曜・全10回');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await rule.screenshot({ path: testInfo.outputPath(`series-form-${width}.png`) });
  }

  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await expect(page.getByText('毎週木曜 19:00〜21:00（全10回）')).toBeVisible();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();

  // The series page: the rule in words and the window's dates, each with its seats.
  await expect(page).toHaveURL(/\/series\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('series-schedule')).toHaveText('毎週木曜 19:00〜21:00');
  await expect(page.getByText('全10回')).toBeVisible();
  const dates = page.getByTestId('series-date');
  await expect(dates.first()).toBeVisible();
  // Eight weeks ahead: seven or eight Thursdays, never more than the ten of the series.
  const count = await dates.count();
  expect(count).toBeGreaterThanOrEqual(7);
  expect(count).toBeLessThanOrEqual(9);
  await expect(dates.first()).toContainText('残り8席');
  await expect(dates.first()).toContainText('(木)');
  const seriesPath = new URL(page.url()).pathname;

  // One calendar file for the whole series holds every date the page lists, each at 19:00 in
  // Japan, under the series' name (docs/calendar.md "A series").
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'すべての日程をカレンダーに追加' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${TITLE}_日程.ics`);
  const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
  expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(TITLE);
  const entries = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const listed = await dates.evaluateAll((links) =>
    links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').pop()!)),
  );
  expect(entries.map((e) => e.uid)).toEqual(listed.map((id) => `event-${id}@sports-community`));
  for (const e of entries) {
    expect(e.startDate.toJSDate().toISOString()).toMatch(/T10:00:00\.000Z$/);
    expect(e.summary).toBe(TITLE);
  }
  // The subscription (docs/calendar.md "A series"): on Firebase a webcal:// link and the https
  // address, which the seriesCalendar Function serves with every date, a cancelled one as
  // cancelled; locally, with no server, the page says it needs the online version.
  const subscribe = page.getByTestId('series-calendar');
  await expect(subscribe.getByRole('heading', { name: 'カレンダーに登録' })).toBeVisible();
  const seriesId = decodeURIComponent(seriesPath.split('/').pop()!);
  if (backend === 'firebase') {
    const path = `/calendar/series/${seriesId}.ics`;
    await expect(subscribe.getByTestId('series-calendar-url')).toHaveValue(
      new URL(path, page.url()).href,
    );
    await expect(subscribe.getByTestId('series-calendar-webcal')).toHaveAttribute(
      'href',
      `webcal://${new URL(page.url()).host}${path}`,
    );
    await expect(subscribe.getByText('「URLで追加」', { exact: false })).toBeVisible();
    await updateDocAsServer(`events/${listed[1]}`, { status: 'cancelled' });
    const res = await fetchFunction('seriesCalendar', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const subscribed = new ICAL.Component(ICAL.parse(await res.text()));
    expect(subscribed.getFirstPropertyValue('x-wr-calname')).toBe(TITLE);
    const vevents = subscribed.getAllSubcomponents('vevent');
    expect(vevents.map((v) => new ICAL.Event(v).uid)).toEqual(
      listed.map((id) => `event-${id}@sports-community`),
    );
    expect(vevents.map((v) => v.getFirstPropertyValue('status'))).toEqual(
      listed.map((_, i) => (i === 1 ? 'CANCELLED' : 'CONFIRMED')),
    );
    // The address the page shows reaches the same Function (Hosting's rewrite; the preview's).
    const viaPage = await page.request.get(path);
    expect(viaPage.status()).toBe(200);
    expect(await viaPage.text()).toContain('STATUS:CANCELLED');
    expect((await fetchFunction('seriesCalendar', '/calendar/series/nope.ics')).status).toBe(404);
  } else {
    await expect(subscribe.getByTestId('series-calendar-local')).toContainText(
      'オンライン版でのみ利用できます',
    );
    await expect(subscribe.getByTestId('series-calendar-webcal')).toHaveCount(0);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: testInfo.outputPath(`series-page-${width}.png`),
      fullPage: true,
    });
  }

  // A date is a real event, whose page links its series.
  await dates.first().click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('link', { name: '定期開催（毎週木曜）の日程をすべて見る' }).click();
  await expect(page).toHaveURL(seriesPath);

  // The list shows the series once, with its next date and the rule.
  await page.goto(`/events?q=${encodeURIComponent('定期開催テスト')}`);
  const cards = page.getByTestId('event-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId('series-label')).toHaveText('毎週木曜');
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('series-list-390.png') });
  expect(consoleErrors).toEqual([]);
});
