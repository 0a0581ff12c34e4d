import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { storedNotice } from './notices.js';
import {
  regularRecordOf,
  regularRequestId,
  seriesRecordOf,
  type RegularsStores,
  type SeriesStores,
} from '../../mail/handlers/series-dates.js';

/**
 * A series' dates on or after `from`, in day and start order: the [seriesId, date, startTime]
 * index the series page reads with (the placement and the series calendar read it too).
 */
export function seriesDatesFrom(db: Firestore, seriesId: string, from: Date): Query {
  return db
    .collection('events')
    .where('seriesId', '==', seriesId)
    .where('date', '>=', Timestamp.fromDate(from))
    .orderBy('date')
    .orderBy('startTime');
}

/**
 * The date generator's stores on Firestore (Admin SDK, which bypasses firestore.rules: no
 * client may create a series' dates). The due series are read by one range on `nextDate`,
 * ordered by it and the document id, which the automatic single-field index serves; a series'
 * dates are created in one transaction with its next day, so a concurrent run that got there
 * first makes this one create nothing.
 */
export function createSeriesStores(db: Firestore): SeriesStores & RegularsStores {
  const record = (id: string, d: DocumentData) => seriesRecordOf(id, d as Record<string, unknown>);
  return {
    async dueSeries(horizon, { limit, after }) {
      let q = db
        .collection('series')
        .where('nextDate', '<=', horizon)
        .orderBy('nextDate')
        .orderBy(FieldPath.documentId())
        .limit(limit);
      const cursor = after ? (JSON.parse(after) as [string, string]) : null;
      if (cursor) q = q.startAfter(...cursor);
      const snap = await q.get();
      const last = snap.docs.at(-1);
      return {
        series: snap.docs.map((d) => record(d.id, d.data())),
        next:
          last && snap.size === limit
            ? JSON.stringify([String(last.get('nextDate')), last.id])
            : null,
      };
    },

    commitDates(seriesId, plan) {
      const seriesRef = db.collection('series').doc(seriesId);
      return db.runTransaction(async (tx) => {
        const snap = await tx.get(seriesRef);
        const decided = plan(snap.exists ? record(snap.id, snap.data()!) : null);
        if (!decided) return 0;
        const refs = decided.dates.map((d) => db.collection('events').doc(d.id));
        const existing = refs.length > 0 ? await tx.getAll(...refs) : [];
        let created = 0;
        decided.dates.forEach((d, i) => {
          if (existing[i]?.exists) return;
          tx.create(refs[i]!, {
            ...d.data,
            createdAt: FieldValue.serverTimestamp(),
            updatedAt: FieldValue.serverTimestamp(),
          });
          created++;
        });
        tx.update(seriesRef, { nextDate: decided.nextDate });
        return created;
      });
    },

    async regularsOf(seriesId, limit) {
      const snap = await db
        .collection(`series/${seriesId}/regulars`)
        .orderBy('joinedAt')
        .orderBy(FieldPath.documentId())
        .limit(limit)
        .get();
      return snap.docs.map((d) => regularRecordOf(d.id, d.data()));
    },

    async upcomingDates(seriesId, from, limit) {
      const snap = await seriesDatesFrom(db, seriesId, from).limit(limit).get();
      return snap.docs.map((d) => ({ id: d.id, data: d.data() as Record<string, unknown> }));
    },

    // Every series' regulars at once (a collection group, its single-field index on status in
    // firestore.indexes.json), ordered by their paths: series/<id>/regulars/<uid>.
    async seriesWithRegulars({ limit, after }) {
      let q = db
        .collectionGroup('regulars')
        .where('status', '==', 'accepted')
        .orderBy(FieldPath.documentId())
        .select()
        .limit(limit);
      if (after) q = q.startAfter(after);
      const snap = await q.get();
      const last = snap.docs.at(-1);
      return {
        seriesIds: snap.docs.flatMap((d) => (d.ref.parent.parent ? [d.ref.parent.parent.id] : [])),
        next: last && snap.size === limit ? last.ref.path : null,
      };
    },

    placeOnDate(eventId, decide) {
      return db.runTransaction(async (tx) => {
        const written = await decide(async (path) => {
          const snap = await tx.get(db.doc(path));
          return snap.exists ? (snap.data() as Record<string, unknown>) : null;
        });
        if (!written) return null;
        tx.update(db.doc(`events/${eventId}`), {
          participants: written.participants,
          waitlist: written.waitlist,
          regularsPlaced: written.regularsPlaced,
          updatedAt: FieldValue.serverTimestamp(),
        });
        for (const uid of written.approvedRequests) {
          tx.set(db.doc(`participationRequests/${regularRequestId(eventId, uid)}`), {
            userId: uid,
            eventId,
            message: '',
            status: 'approved',
            fromRegular: true,
            createdAt: FieldValue.serverTimestamp(),
            updatedAt: FieldValue.serverTimestamp(),
          });
        }
        for (const n of written.notices) {
          tx.set(db.collection('notifications').doc(n.id), storedNotice(n, new Date()));
        }
        return written;
      });
    },
  };
}
