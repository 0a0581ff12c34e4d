// @vitest-environment node
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { Timestamp, getFirestore, type Firestore } from 'firebase-admin/firestore';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeriesCalendarStores } from '@functions/series-calendar-stores';
import { handleSeriesCalendar } from '@mail/handlers/series-calendar';
import { NOT_RUN, firestoreHost } from '../rules/firestore-support';

const NOW = new Date('2026-12-01T03:00:00Z');
/** Midnight in Japan of 2026-12-<day>. */
const day = (d: number) => new Date(Date.UTC(2026, 11, d) - 9 * 3_600_000);

/**
 * The series calendar's handler (mail/handlers/series-calendar.ts) over its Firestore reads
 * (functions/src/series-calendar-stores.ts, Admin SDK) on the emulator's documents.
 */
describe.skipIf(!firestoreHost)(`series calendar on Firestore${NOT_RUN}`, () => {
  let app: App;
  let db: Firestore;

  beforeAll(async () => {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    app = initializeApp({ projectId: 'demo-series-calendar' }, 'series-calendar-test');
    db = getFirestore(app);
    for (const name of ['series', 'events']) await db.recursiveDelete(db.collection(name));
    await db.doc('series/s1').set({ title: '木曜フットサル', status: 'active' });
    const date = (d: number, extra: Record<string, unknown> = {}) => ({
      seriesId: 's1',
      seriesDay: `2026-12-${String(d).padStart(2, '0')}`,
      title: '木曜フットサル',
      description: '初心者歓迎',
      location: '代々木公園',
      date: Timestamp.fromDate(day(d)),
      startTime: '19:00',
      endTime: '21:00',
      status: 'open',
      participants: ['private-uid'],
      ...extra,
    });
    await db.doc('events/s1-20261203').set(date(3));
    await db.doc('events/s1-20261210').set(date(10, { status: 'cancelled' }));
    await db.doc('events/s1-20261217').set(date(17));
    // Another series' date is not this one's.
    await db.doc('events/s2-20261203').set(date(3, { seriesId: 's2' }));
  });
  afterAll(() => deleteApp(app));

  const fetchCalendar = (path: string) =>
    handleSeriesCalendar(
      { method: 'GET', path },
      {
        ...createSeriesCalendarStores(db),
        now: () => NOW,
        appBaseUrl: 'https://example.test',
      },
    );

  const vevents = (text: string) =>
    new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents('vevent')
      .map((v) => ({ event: new ICAL.Event(v), status: v.getFirstPropertyValue('status') }));

  it('serves every date of the series, a cancelled one as cancelled, and nothing private', async () => {
    const res = await fetchCalendar('/calendar/series/s1.ics');
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/calendar; charset=utf-8');
    const events = vevents(res.text);
    expect(events.map((e) => e.event.uid)).toEqual([
      'event-s1-20261203@sports-community',
      'event-s1-20261210@sports-community',
      'event-s1-20261217@sports-community',
    ]);
    expect(events.map((e) => e.status)).toEqual(['CONFIRMED', 'CANCELLED', 'CONFIRMED']);
    expect(events[0]!.event.startDate.toJSDate().toISOString()).toBe('2026-12-03T10:00:00.000Z');
    expect(events[0]!.event.location).toBe('代々木公園');
    expect(res.text).not.toContain('private-uid');
  });

  it('shows a changed time on the next fetch, under the same UID', async () => {
    await db.doc('events/s1-20261217').update({ startTime: '18:30' });
    const events = vevents((await fetchCalendar('/calendar/series/s1.ics')).text);
    const moved = events.find((e) => e.event.uid === 'event-s1-20261217@sports-community');
    expect(moved?.event.startDate.toJSDate().toISOString()).toBe('2026-12-17T09:30:00.000Z');
  });

  it('answers 404 for an unknown series or a malformed address', async () => {
    expect((await fetchCalendar('/calendar/series/nope.ics')).status).toBe(404);
    expect((await fetchCalendar('/calendar/series/s1')).status).toBe(404);
    expect((await fetchCalendar('/calendar/series/..%2Fusers.ics')).status).toBe(404);
  });
});
