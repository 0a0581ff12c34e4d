import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
} from 'firebase-admin/firestore';
import type { ReminderEventRecord, ReminderStores } from '../../mail/handlers/event-reminders.js';

/**
 * The reminder run's stores on Firestore (Admin SDK, which bypasses firestore.rules: clients
 * can write neither reminders/* nor event_reminder notifications). The events are read by one
 * range on `date`, ordered by the day and the document id, which the automatic single-field
 * index serves.
 */
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function toDate(v: unknown): Date | null {
  if (v instanceof Timestamp) return v.toDate();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  return null;
}

function participantIds(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  const ids = v.map((p: unknown) =>
    typeof p === 'string'
      ? p
      : p && typeof p === 'object' && typeof (p as { id?: unknown }).id === 'string'
        ? (p as { id: string }).id
        : '',
  );
  return [...new Set(ids.filter(Boolean))];
}

export function eventRecord(id: string, d: DocumentData): ReminderEventRecord {
  return {
    id,
    organizerId: str(d.organizerId),
    organizerName: str(d.organizerName),
    title: str(d.title),
    date: toDate(d.date),
    startTime: str(d.startTime),
    endTime: str(d.endTime),
    location: str(d.location),
    status: str(d.status) || 'open',
    participants: participantIds(d.participants),
    waitlist: participantIds(d.waitlist),
    entryMethod: str(d.entryMethod),
  };
}

/** The page cursor: the last event's day and id. */
function encodeCursor(date: Timestamp, id: string): string {
  return JSON.stringify([date.toMillis(), id]);
}

function decodeCursor(cursor: string): [Timestamp, string] | null {
  try {
    const [ms, id] = JSON.parse(cursor) as unknown[];
    return typeof ms === 'number' && typeof id === 'string' ? [Timestamp.fromMillis(ms), id] : null;
  } catch {
    return null;
  }
}

export function createReminderStores(db: Firestore, now: () => Date): ReminderStores {
  return {
    async eventsByDay({ from, to }, { limit, after }) {
      let q = db
        .collection('events')
        .where('date', '>=', Timestamp.fromDate(from))
        .where('date', '<', Timestamp.fromDate(to))
        .orderBy('date')
        .orderBy(FieldPath.documentId())
        .limit(limit);
      const cursor = after ? decodeCursor(after) : null;
      if (cursor) q = q.startAfter(...cursor);
      const snap = await q.get();
      const last = snap.docs.at(-1);
      const lastDate = last?.get('date') as unknown;
      return {
        events: snap.docs.map((d) => eventRecord(d.id, d.data())),
        next:
          last && snap.size === limit && lastDate instanceof Timestamp
            ? encodeCursor(lastDate, last.id)
            : null,
      };
    },

    async getReminderMarkers(markerIds) {
      const out = new Map<string, { startsAt: Date }>();
      if (markerIds.length === 0) return out;
      const snaps = await db.getAll(...markerIds.map((id) => db.collection('reminders').doc(id)));
      for (const s of snaps) {
        const startsAt = s.exists ? toDate(s.get('startsAt')) : null;
        if (startsAt) out.set(s.id, { startsAt });
      }
      return out;
    },

    recordReminder({ markerId, marker, notification }, sent) {
      const markerRef = db.collection('reminders').doc(markerId);
      const noteRef = db.collection('notifications').doc(notification.id);
      return db.runTransaction(async (tx) => {
        const existing = await tx.get(markerRef);
        const startsAt = existing.exists ? toDate(existing.get('startsAt')) : null;
        if (sent(startsAt ? { startsAt } : null)) return false;
        tx.set(markerRef, {
          eventId: marker.eventId,
          userId: marker.userId,
          startsAt: Timestamp.fromDate(marker.startsAt),
          sentAt: FieldValue.serverTimestamp(),
        });
        tx.set(noteRef, {
          userId: notification.userId,
          type: notification.type,
          data: notification.data,
          read: false,
          timestamp: FieldValue.serverTimestamp(),
          clientTimestamp: Timestamp.fromDate(now()),
        });
        return true;
      });
    },
  };
}
