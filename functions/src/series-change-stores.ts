import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  SERIES_NOTICES_PER_COMMIT,
  seriesChangeRecordOf,
  seriesDateRecordOf,
  type SeriesChangeStores,
} from '../../mail/handlers/series-changes.js';
import { toDate } from './reminder-stores.js';

/**
 * A series change's stores on Firestore (Admin SDK, which bypasses firestore.rules: no client
 * writes another's dates, nor the later dates of a series in one go). A series' dates are read
 * by [seriesId, date, startTime] (the series page's composite index); each date's change is
 * one batch with its first notices.
 */
export function createSeriesChangeStores(db: Firestore, now: () => Date): SeriesChangeStores {
  const events = db.collection('events');
  return {
    async getSeries(id) {
      const snap = await db.collection('series').doc(id).get();
      return snap.exists ? seriesChangeRecordOf(snap.id, snap.data()!) : null;
    },

    async getSeriesDate(eventId) {
      const snap = await events.doc(eventId).get();
      return snap.exists ? seriesDateRecordOf(snap.id, snap.data()!, toDate) : null;
    },

    async seriesDatesFrom(seriesId, from, limit) {
      const snap = await events
        .where('seriesId', '==', seriesId)
        .where('date', '>=', Timestamp.fromDate(from))
        .orderBy('date')
        .orderBy('startTime')
        .limit(limit)
        .get();
      return snap.docs
        .map((d) => seriesDateRecordOf(d.id, d.data(), toDate))
        .filter((d) => d !== null);
    },

    async pendingRequesters(eventId) {
      const snap = await db
        .collection('participationRequests')
        .where('eventId', '==', eventId)
        .where('status', '==', 'pending')
        .limit(1000)
        .get();
      return snap.docs
        .map((d) => d.get('userId'))
        .filter((u): u is string => typeof u === 'string');
    },

    async commitDate({ id, update, change, notices }) {
      for (let i = 0; i === 0 || i < notices.length; i += SERIES_NOTICES_PER_COMMIT) {
        const batch = db.batch();
        if (i === 0) {
          batch.update(events.doc(id), {
            ...update,
            ...(change
              ? {
                  lastChange: {
                    seq: change.seq,
                    before: {
                      ...change.before,
                      date: Timestamp.fromDate(change.before.date as Date),
                    },
                    at: FieldValue.serverTimestamp(),
                  },
                }
              : {}),
            updatedAt: FieldValue.serverTimestamp(),
          });
        }
        for (const n of notices.slice(i, i + SERIES_NOTICES_PER_COMMIT)) {
          batch.set(db.collection('notifications').doc(n.id), {
            userId: n.userId,
            type: n.type,
            data: n.data,
            read: false,
            timestamp: FieldValue.serverTimestamp(),
            clientTimestamp: Timestamp.fromDate(now()),
          });
        }
        await batch.commit();
      }
    },

    async updateSeries(id, fields) {
      await db
        .collection('series')
        .doc(id)
        .update({ ...fields, updatedAt: FieldValue.serverTimestamp() });
    },
  };
}
