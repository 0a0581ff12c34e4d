import type { Firestore } from 'firebase-admin/firestore';
import type { SeriesCalendarStores } from '../../mail/handlers/series-calendar.js';
import { toDate } from './reminder-stores.js';
import { seriesDatesFrom } from './series-stores.js';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The series calendar's reads on Firestore (Admin SDK): the series by id, then its dates
 * (seriesDatesFrom), only the fields a date's page shows anyone (a projection: no participant
 * list leaves the database).
 */
export function createSeriesCalendarStores(db: Firestore): SeriesCalendarStores {
  return {
    async calendarSeries(seriesId) {
      const snap = await db.collection('series').doc(seriesId).get();
      return snap.exists ? { title: text(snap.get('title')) } : null;
    },

    async calendarDates(seriesId, from, limit) {
      const snap = await seriesDatesFrom(db, seriesId, from)
        .select('title', 'description', 'location', 'date', 'startTime', 'endTime', 'status')
        .limit(limit)
        .get();
      return snap.docs.flatMap((d) => {
        const date = toDate(d.get('date'));
        if (!date) return [];
        return [
          {
            id: d.id,
            title: text(d.get('title')),
            description: text(d.get('description')),
            location: text(d.get('location')),
            date,
            startTime: text(d.get('startTime')),
            endTime: text(d.get('endTime')),
            status: text(d.get('status')),
          },
        ];
      });
    },
  };
}
