import type { ReminderStores } from '@mail/handlers/event-reminders';
import { fieldOp, type Storage } from '@/data/storage/storage';
import { sportEventSchema } from '@/domain/entities/event';
import { toDateOrNull } from '@/domain/time';
import { parseDocs, writeNotification } from '@/data/use-cases/context';

/**
 * The reminder run's stores on this database, through the storage interface as the use cases
 * use it: the events by one range on `date` (its index), the markers in `reminders`, and the
 * marker with its notification in one transaction, so two open tabs never remind twice. As on
 * Firebase, where only the Cloud Function (Admin SDK) writes these, no port offers them to a
 * screen: the app's schedule (src/app/scheduled-work.ts) runs them through LocalApi.
 */
export function localReminderStores(storage: Storage, now: () => Date): ReminderStores {
  const markerPath = (id: string) => `reminders/${id}`;
  return {
    async eventsByDay({ from, to }, { limit, after }) {
      const docs = await storage.query({
        collection: 'events',
        where: [
          { field: 'date', op: '>=', value: from },
          { field: 'date', op: '<', value: to },
        ],
        orderBy: [{ field: 'date' }],
        limit,
        after,
      });
      const events = parseDocs(sportEventSchema, docs, 'reminders.events').map((e) => ({
        ...e,
        date: e.date.getTime() === 0 ? null : e.date,
      }));
      return { events, next: docs.length === limit ? docs.at(-1)!.cursor : null };
    },

    async getReminderMarkers(ids) {
      const out = new Map<string, { startsAt: Date }>();
      for (const id of ids) {
        const startsAt = toDateOrNull((await storage.get(markerPath(id)))?.data.startsAt);
        if (startsAt) out.set(id, { startsAt });
      }
      return out;
    },

    recordReminder({ markerId, marker, notification }, sent) {
      return storage.transaction(async (tx) => {
        const startsAt = toDateOrNull((await tx.get(markerPath(markerId)))?.data.startsAt);
        if (sent(startsAt ? { startsAt } : null)) return false;
        tx.set(markerPath(markerId), { ...marker, sentAt: fieldOp.serverTime() });
        writeNotification(tx, notification, now());
        return true;
      });
    },
  };
}
