import {
  SERIES_NOTICES_PER_COMMIT,
  seriesChangeRecordOf,
  seriesDateRecordOf,
  type SeriesChangeStores,
  type SeriesDateRecord,
} from '@mail/handlers/series-changes';
import { DOC_ID, fieldOp, type Storage } from '@/data/storage/storage';
import { writeNotification } from '@/data/use-cases/context';
import { toDateOrNull } from '@/domain/time';

/**
 * A series change's stores on this database, through the storage interface as the use cases
 * use it: a series' dates by [seriesId, date, startTime] (the series page's index), each date's
 * change in one batch with its first notices. As on Firebase, where only the Cloud Function
 * (Admin SDK) writes these, no port offers them to a screen: LocalApi.seriesChange runs the
 * handler with them.
 */
export function localSeriesChangeStores(storage: Storage, now: () => Date): SeriesChangeStores {
  return {
    async getSeries(id) {
      const doc = await storage.get(`series/${id}`);
      return doc ? seriesChangeRecordOf(id, doc.data) : null;
    },

    async getSeriesDate(eventId) {
      const doc = await storage.get(`events/${eventId}`);
      return doc ? seriesDateRecordOf(eventId, doc.data, toDateOrNull) : null;
    },

    async seriesDatesFrom(seriesId, from, limit) {
      const docs = await storage.query({
        collection: 'events',
        where: [
          { field: 'seriesId', op: '==', value: seriesId },
          { field: 'date', op: '>=', value: from },
        ],
        orderBy: [{ field: 'date' }, { field: 'startTime' }, { field: DOC_ID }],
        limit,
      });
      return docs
        .map((d) => seriesDateRecordOf(d.id, d.data, toDateOrNull))
        .filter((d): d is SeriesDateRecord => d !== null);
    },

    async pendingRequesters(eventId) {
      const docs = await storage.query({
        collection: 'participationRequests',
        where: [
          { field: 'eventId', op: '==', value: eventId },
          { field: 'status', op: '==', value: 'pending' },
        ],
        limit: 1000,
      });
      return docs.map((d) => d.data.userId).filter((u): u is string => typeof u === 'string');
    },

    async commitDate({ id, update, change, notices }) {
      for (let i = 0; i === 0 || i < notices.length; i += SERIES_NOTICES_PER_COMMIT) {
        await storage.batch((w) => {
          if (i === 0) {
            w.update(`events/${id}`, {
              ...update,
              ...(change ? { lastChange: { ...change, at: fieldOp.serverTime() } } : {}),
              updatedAt: fieldOp.serverTime(),
            });
          }
          for (const n of notices.slice(i, i + SERIES_NOTICES_PER_COMMIT)) {
            writeNotification(w, n, now());
          }
        });
      }
    },

    async updateSeries(id, fields) {
      await storage.update(`series/${id}`, { ...fields, updatedAt: fieldOp.serverTime() });
    },
  };
}
