import * as z from 'zod/mini';
import { DEFAULT_EVENT_STATUS, DEFAULT_LEVEL, EVENT_DEFAULT_DURATION_MS } from '@/domain/constants';
import { count, optionalTime, text } from './common';
import { REMOVAL_REASONS, type RemovalReason } from './removal-reason';
import { STAFF_CANCEL_REASONS, type StaffCancelReason } from './staff-cancel';
import { toDateOrNull } from '@/domain/time';
import { headcountDecisionOf, minHeadcountOf } from '@/domain/headcount';

export const EVENT_STATUSES = ['open', 'closed', 'cancelled', 'finished'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  open: '募集中',
  closed: '募集締切',
  cancelled: '中止',
  finished: '終了',
};

/**
 * How people take part (docs/domain.md "Entry method"): 承認制 (a request the organizer
 * approves) or 先着順 (a direct join while there is room). A document without the field, older
 * ones included, reads as 承認制.
 */
export const ENTRY_METHODS = ['approval', 'firstCome'] as const;
export type EntryMethod = (typeof ENTRY_METHODS)[number];
export const DEFAULT_ENTRY_METHOD: EntryMethod = 'approval';
export const ENTRY_METHOD_LABELS: Record<EntryMethod, string> = {
  approval: '承認制',
  firstCome: '先着順',
};

export const SPORT_TYPES = [
  'サッカー',
  'フットサル',
  'バスケットボール',
  'バレーボール',
  'テニス',
  'バドミントン',
  '卓球',
  '野球',
  'ランニング',
  'ヨガ',
  'その他',
] as const;

export const LEVELS = ['誰でも', '初心者', '中級者', '上級者'] as const;

export const REGIONS = [
  '北海道',
  '東北',
  '関東',
  '中部',
  '近畿',
  '中国',
  '四国',
  '九州・沖縄',
] as const;

/** A participant the organizer removed: by whom, why (a code of REMOVAL_REASONS) and when. */
export interface Removal {
  by: string;
  reason: RemovalReason;
  at: Date | null;
}

/** `removals` as stored (uid → { by, reason, at }); a malformed entry still counts as a removal. */
const removalsSchema = z.pipe(
  z.optional(z.unknown()),
  z.transform((raw): Record<string, Removal> => {
    const out: Record<string, Removal> = {};
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return out;
    for (const [uid, v] of Object.entries(raw as Record<string, unknown>)) {
      const entry = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
      out[uid] = {
        by: typeof entry.by === 'string' ? entry.by : '',
        reason: REMOVAL_REASONS.includes(entry.reason as RemovalReason)
          ? (entry.reason as RemovalReason)
          : 'other',
        at: toDateOrNull(entry.at),
      };
    }
    return out;
  }),
);

/** participants may hold plain ids or objects carrying an id; the domain keeps ids only. */
const participantsSchema = z.lazy(() =>
  z.pipe(
    z.nullish(z.array(z.unknown())),
    z.transform((list) => {
      const ids: string[] = [];
      for (const p of list ?? []) {
        const id =
          typeof p === 'string'
            ? p
            : p && typeof p === 'object' && typeof (p as { id?: unknown }).id === 'string'
              ? (p as { id: string }).id
              : typeof (p as { uid?: unknown } | null)?.uid === 'string'
                ? (p as { uid: string }).uid
                : null;
        if (id && !ids.includes(id)) ids.push(id);
      }
      return ids;
    }),
  ),
);

const eventFieldsSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    title: text(),
    description: text(),
    sportType: text(),
    location: text(),
    region: text(),
    level: z.pipe(
      z.nullish(z.string()),
      z.transform((v) => (v && v.trim() !== '' ? v : DEFAULT_LEVEL)),
    ),
    teamId: text(),
    teamName: text(),
    organizerId: text(),
    organizerName: text(),
    organizerPhotoURL: text(),
    participants: participantsSchema,
    entryMethod: z.pipe(
      z.nullish(z.string()),
      z.transform((v): EntryMethod => (v === 'firstCome' ? 'firstCome' : DEFAULT_ENTRY_METHOD)),
    ),
    /** The キャンセル待ち in order, first in line first (uids; missing reads as none). */
    waitlist: z.pipe(
      z.nullish(z.array(z.unknown())),
      z.transform((list) => (list ?? []).filter((v): v is string => typeof v === 'string')),
    ),
    /** Who the organizer removed; they may not join, ask or wait again by themselves. */
    removals: removalsSchema,
    status: z.pipe(
      z.nullish(z.string()),
      z.transform((v): EventStatus =>
        EVENT_STATUSES.includes(v as EventStatus) ? (v as EventStatus) : DEFAULT_EVENT_STATUS,
      ),
    ),
    /** Stored as a timestamp or a string; read as the event day (a Date). */
    date: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => toDateOrNull(v) ?? new Date(0)),
    ),
    startTime: text(),
    endTime: text(),
    fee: count,
    capacity: count,
    imageURL: text(),
    imagePath: text(),
    createdAt: optionalTime,
    /** A date of a series (docs/series.md): its series, and the rule in words for the list. */
    seriesId: text(),
    seriesLabel: text(),
    /** The minimum headcount (docs/domain.md "Minimum headcount"): the organizer's setting. */
    minHeadcount: z.pipe(z.optional(z.unknown()), z.transform(minHeadcountOf)),
    /** Its decision time while undecided (the server removes it when it decides). */
    headcountDecideAt: z.pipe(z.optional(z.unknown()), z.transform(toDateOrNull)),
    /** The server's decision, recorded once. */
    headcountDecision: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => headcountDecisionOf(v, toDateOrNull)),
    ),
    /** Set when staff called the event off (docs/staff.md); shown to everyone on its page. */
    staffCancelReason: z.pipe(
      z.nullish(z.string()),
      z.transform((v): StaffCancelReason | null =>
        STAFF_CANCEL_REASONS.includes(v as StaffCancelReason) ? (v as StaffCancelReason) : null,
      ),
    ),
  }),
);

/**
 * The organizer's name and photo under the names older documents used, in the order read
 * (EVENT_READ_FIELDS lists them too: src/domain/entities/event-read-fields.ts).
 */
export const LEGACY_ORGANIZER = {
  name: ['organizerDisplayName', 'hostName'],
  photoURL: ['organizerPhoto', 'hostPhotoURL'],
} as const;

/**
 * Older documents carry the organizer under other names (docs/domain.md "Entities": read as fallbacks): they
 * fill organizerName / organizerPhotoURL when those are empty, on every backend alike.
 */
function withLegacyOrganizer(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const doc = raw as Record<string, unknown>;
  const pick = (...keys: string[]) =>
    keys.map((k) => doc[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const name = pick('organizerName', ...LEGACY_ORGANIZER.name);
  const photoURL = pick('organizerPhotoURL', ...LEGACY_ORGANIZER.photoURL);
  return { ...doc, organizerName: name ?? '', organizerPhotoURL: photoURL ?? '' };
}

/** The older organizer fields folded in first (withLegacyOrganizer), then every field read. */
export const sportEventSchema = z.lazy(() =>
  z.pipe(z.transform(withLegacyOrganizer), eventFieldsSchema),
);

export type SportEvent = z.output<typeof sportEventSchema>;

/**
 * Organizer name and photo as shown: the denormalized fields on the event (older field names
 * already folded in by the schema) first, then the profile when one was loaded, then 主催者.
 */
export function organizerDisplay(
  event: Pick<SportEvent, 'organizerName' | 'organizerPhotoURL'>,
  profile?: { displayName?: string; photoURL?: string } | null,
): { name: string; photoURL: string } {
  return {
    name: event.organizerName.trim() || profile?.displayName || '主催者',
    photoURL: event.organizerPhotoURL.trim() || profile?.photoURL || '',
  };
}

/** Combines the event day and an HH:mm time into one instant (local time). */
export function atTime(day: Date, hhmm: string): Date | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return null;
  const d = new Date(day);
  d.setHours(Number(m[1]), Number(m[2]), 0, 0);
  return d;
}

export function eventStart(e: Pick<SportEvent, 'date' | 'startTime'>): Date {
  return atTime(e.date, e.startTime) ?? e.date;
}

/** The end of an event; without an end time it ends two hours after its start. */
export function eventEnd(e: Pick<SportEvent, 'date' | 'startTime' | 'endTime'>): Date {
  const end = atTime(e.date, e.endTime);
  const start = eventStart(e);
  if (end && end.getTime() > start.getTime()) return end;
  return new Date(start.getTime() + EVENT_DEFAULT_DURATION_MS);
}

export function spotsLeft(e: Pick<SportEvent, 'capacity' | 'participants'>): number {
  if (e.capacity <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, e.capacity - e.participants.length);
}

export function isFull(e: Pick<SportEvent, 'capacity' | 'participants'>): boolean {
  return spotsLeft(e) === 0;
}

/**
 * Whether the event is over for taking part: cancelled, marked finished, or past its end. Such
 * an event offers no join, request or waitlist to anyone and shows no remaining seats.
 */
export function isOver(
  e: Pick<SportEvent, 'status' | 'date' | 'startTime' | 'endTime'>,
  now: Date,
): boolean {
  return (
    e.status === 'cancelled' || e.status === 'finished' || eventEnd(e).getTime() <= now.getTime()
  );
}

/**
 * Whether the event has ended without being cancelled: finished, or past its end. Its
 * participants and attendance marks then stand as they are (firestore.rules: notEnded).
 */
export function hasEnded(
  e: Pick<SportEvent, 'status' | 'date' | 'startTime' | 'endTime'>,
  now: Date,
): boolean {
  return (
    e.status !== 'cancelled' && (e.status === 'finished' || eventEnd(e).getTime() <= now.getTime())
  );
}

/** Whether the organizer removed this user from the event (the page says so instead of joining). */
export function removedFrom(e: Pick<SportEvent, 'removals'>, uid: string | null): boolean {
  return !!uid && Object.hasOwn(e.removals, uid);
}
