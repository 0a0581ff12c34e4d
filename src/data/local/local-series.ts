import {
  generateSeriesDates,
  placeRegulars,
  regularRecordOf,
  runSeriesDates,
  type RegularsStores,
  type SeriesRun,
  type SeriesStores,
} from '@mail/handlers/series-dates';
import { DOC_ID, fieldOp, type Storage } from '@/data/storage/storage';
import { seriesRecordOf } from '@/domain/series';
import { regularRequestId } from '@/domain/series-regulars';
import { logger } from '@/lib/logger';
import { writeNotification } from '@/data/use-cases/context';
import Dexie from 'dexie';
import type { LocalDb } from './db';

/**
 * The date generator's stores on this database, through the storage interface as the use cases
 * use it: the due series by one range on `nextDate` (its index), and a series' dates with its
 * next day in one transaction, so two open tabs never create a date twice. As on Firebase,
 * where only the Cloud Function (Admin SDK) creates dates, no port offers this to a screen: the
 * app's schedule (src/app/scheduled-work.ts) runs it.
 */
export function localSeriesStores(
  storage: Storage,
  db: LocalDb,
  now: () => Date,
): SeriesStores & RegularsStores {
  return {
    async dueSeries(horizon, { limit, after }) {
      const docs = await storage.query({
        collection: 'series',
        where: [{ field: 'nextDate', op: '<=', value: horizon }],
        orderBy: [{ field: 'nextDate' }, { field: DOC_ID }],
        limit,
        after,
      });
      return {
        series: docs.map((d) => seriesRecordOf(d.id, d.data)),
        next: docs.length === limit ? docs.at(-1)!.cursor : null,
      };
    },

    commitDates(seriesId, plan) {
      return storage.transaction(async (tx) => {
        const stored = await tx.get(`series/${seriesId}`);
        const decided = plan(stored ? seriesRecordOf(seriesId, stored.data) : null);
        if (!decided) return 0;
        const existing = await Promise.all(decided.dates.map((d) => tx.get(`events/${d.id}`)));
        let created = 0;
        decided.dates.forEach((d, i) => {
          if (existing[i]) return;
          tx.set(`events/${d.id}`, {
            ...d.data,
            createdAt: fieldOp.serverTime(),
            updatedAt: fieldOp.serverTime(),
          });
          created++;
        });
        tx.update(`series/${seriesId}`, { nextDate: decided.nextDate });
        return created;
      });
    },

    async regularsOf(seriesId, limit) {
      const docs = await storage.query({
        collection: `series/${seriesId}/regulars`,
        orderBy: [{ field: 'joinedAt' }, { field: DOC_ID }],
        limit,
      });
      return docs.map((d) => regularRecordOf(d.id, d.data));
    },

    async upcomingDates(seriesId, from, limit) {
      const docs = await storage.query({
        collection: 'events',
        where: [
          { field: 'seriesId', op: '==', value: seriesId },
          { field: 'date', op: '>=', value: from },
        ],
        orderBy: [{ field: 'date' }, { field: 'startTime' }],
        limit,
      });
      return docs.map((d) => ({ id: d.id, data: d.data }));
    },

    // The storage interface reads one parent's documents only; Firestore's collection group
    // (functions/src/series-stores.ts) is the regulars table's [status+id] index here, whose
    // ids (<seriesId>/<uid>) sort as the paths do.
    async seriesWithRegulars({ limit, after }) {
      const rows = await db.seriesRegulars
        .where('[status+id]')
        .between(['accepted', after ?? Dexie.minKey], ['accepted', Dexie.maxKey], !after, true)
        .limit(limit)
        .toArray();
      return {
        seriesIds: rows.map((r) => String(r.seriesId)),
        next: rows.length === limit ? String(rows.at(-1)!.id) : null,
      };
    },

    placeOnDate(eventId, decide) {
      return storage.transaction(async (tx) => {
        const written = await decide(async (path) => (await tx.get(path))?.data ?? null);
        if (!written) return null;
        tx.update(`events/${eventId}`, {
          participants: written.participants,
          waitlist: written.waitlist,
          regularsPlaced: written.regularsPlaced,
          updatedAt: fieldOp.serverTime(),
        });
        for (const n of written.notices) writeNotification(tx, n, now());
        for (const uid of written.approvedRequests) {
          tx.set(`participationRequests/${regularRequestId(eventId, uid)}`, {
            userId: uid,
            eventId,
            message: '',
            status: 'approved',
            fromRegular: true,
            createdAt: fieldOp.serverTime(),
            updatedAt: fieldOp.serverTime(),
          });
        }
        return written;
      });
    },
  };
}

const quiet = {
  info: () => {},
  warn: (message: string, data?: Record<string, unknown>) => logger.warn(message, data),
  error: (message: string, data?: Record<string, unknown>) => logger.error(message, data),
};

/** One run of the generator on this database (all due series, or the one given). */
export async function runLocalSeriesDates(
  storage: Storage,
  db: LocalDb,
  now: () => Date,
  seriesId?: string,
): Promise<SeriesRun> {
  const deps = { ...localSeriesStores(storage, db, now), now, log: quiet };
  if (seriesId) {
    const datesCreated = await generateSeriesDates(deps, seriesId);
    const regularsPlaced = await placeRegulars(deps, seriesId);
    return { seriesRead: 1, datesCreated, regularsPlaced, seriesRetried: 0, truncated: false };
  }
  const run = await runSeriesDates(deps);
  logger.info('scheduled.seriesDates', { ...run });
  return run;
}
