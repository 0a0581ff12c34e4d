/*
 * Changing a series' later dates (「この日以降すべて」) and ending a series (docs/series.md
 * "Changing and ending"): which dates change, which of their fields, and who is told. The
 * handler (mail/handlers/series-changes.ts) runs it on both backends, and the Cloud Functions
 * compile this file with their own code, so it imports only files that import nothing.
 */
import { searchTokensOf } from './event-search.js';
import {
  HEADCOUNT_MAX,
  HEADCOUNT_MIN,
  HEADCOUNT_MODES,
  decideAtFor,
  isRelativeDeadline,
  minHeadcountOf,
  movedDecideAt,
  startAtTime,
  type MinHeadcount,
} from './headcount.js';
import { eventCancelledNoticeId, eventChangedNoticeId } from './notice-ids.js';

/**
 * The fields 「この日以降すべて」 carries to the later dates and the series' template. The day is
 * each date's own; the capacity stays per date (a raise moves that date's waitlist up, which
 * the roster's own write does: src/data/use-cases/roster.ts).
 */
export const SERIES_SHARED_FIELDS = [
  'title',
  'description',
  'location',
  'startTime',
  'endTime',
  'fee',
] as const;
export type SeriesSharedField = (typeof SERIES_SHARED_FIELDS)[number];
/**
 * A change of the later dates: the shared fields, and the minimum headcount (a setting whose
 * deadline is relative to each date, or null to remove it), which each date takes with its own
 * decision time.
 */
export type SeriesPatch = Partial<Record<SeriesSharedField, string | number>> & {
  minHeadcount?: MinHeadcount | null;
};

/** The fields a change notice tells about (src/domain/rules/event-changes.ts EventSchedule). */
const SCHEDULE_FIELDS = ['startTime', 'endTime', 'location'] as const;

/** The later dates one change reads and writes at most (the window holds 8 weeks). */
export const SERIES_CHANGE_DATES_LIMIT = 100;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The domain's limits of each field (src/domain/event-form.ts EVENT_*_MAX, the fee's). */
const LIMITS = { title: 100, description: 2000, location: 100 } as const;

/** A minimum headcount as a patch carries it: null (removed), a valid relative setting, or undefined when invalid. */
function patchMinimumOf(v: unknown): MinHeadcount | null | undefined {
  if (v === null) return null;
  const setting = minHeadcountOf(v);
  const raw = v as Record<string, unknown>;
  const valid =
    setting &&
    Number.isInteger(setting.min) &&
    setting.min >= HEADCOUNT_MIN &&
    setting.min <= HEADCOUNT_MAX &&
    HEADCOUNT_MODES.includes(raw.mode as MinHeadcount['mode']) &&
    isRelativeDeadline(setting.deadline) &&
    raw.deadline === setting.deadline;
  return valid ? setting : undefined;
}

/** The same minimum headcount (both none, or the same three values). */
function sameMinimum(a: MinHeadcount | null, b: MinHeadcount | null): boolean {
  if (!a || !b) return a === b;
  return a.min === b.min && a.mode === b.mode && a.deadline === b.deadline;
}

/**
 * The patch as stored, or null when a field is not what an event's form accepts (a title from 1
 * to 100 characters, a description up to 2000, a place up to 100, HH:MM times, a whole fee from
 * 0 to 1,000,000, a minimum headcount as a series' template takes it) or nothing is left to
 * change.
 */
export function seriesPatchOf(raw: Record<string, unknown>): SeriesPatch | null {
  const out: SeriesPatch = {};
  if (raw.minHeadcount !== undefined) {
    const minimum = patchMinimumOf(raw.minHeadcount);
    if (minimum === undefined) return null;
    out.minHeadcount = minimum;
  }
  for (const key of SERIES_SHARED_FIELDS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (key === 'fee') {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1_000_000) return null;
    } else if (typeof v !== 'string') {
      return null;
    } else if (key === 'startTime' || key === 'endTime') {
      if (!HHMM.test(v)) return null;
    } else if (v.length > LIMITS[key] || (key === 'title' && v.trim() === '')) {
      return null;
    }
    out[key] = v;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** A date of a series as a change reads it. */
export interface SeriesDate {
  id: string;
  status: string;
  /** The stored day (midnight in Japan). */
  date: Date;
  participants: string[];
  lastChangeSeq: number;
  capacity: number;
  /** Its minimum headcount, decision time, and whether the decision has been made. */
  headcount: { setting: MinHeadcount | null; decideAt: Date | null; decided: boolean };
  fields: Record<SeriesSharedField, string | number> & {
    sportType: string;
    organizerName: string;
    teamName: string;
  };
}

/** A notice a change writes (`{ userId, type, data, read: false, … }`). */
export interface SeriesNotice {
  id: string;
  userId: string;
  type: 'event_changed' | 'event_cancelled';
  data: Record<string, unknown>;
}

/** What one date's change writes: its fields, the change record when the schedule moved, notices. */
export interface SeriesDateWrite {
  id: string;
  update: Record<string, unknown>;
  /** The schedule before (with the change's number) when it moved, else null. */
  change: { seq: number; before: Record<string, unknown> } | null;
  notices: SeriesNotice[];
}

const running = (status: string) => status === 'open' || status === 'closed';

const startOf = (date: SeriesDate, startTime: string): Date => startAtTime(date.date, startTime);

/**
 * What a date's minimum headcount becomes: the patch's setting with this date's own decision
 * time (none when that time has gone by, or the minimum is above its capacity: it keeps its
 * own), removed with null, or its relative time moved with a new start. A decided date keeps
 * what it has. Returns the fields to write, or null.
 */
function headcountUpdate(
  date: SeriesDate,
  patch: SeriesPatch,
  spared: boolean,
  startTime: string,
  now: Date,
): Record<string, unknown> | null {
  const { setting, decideAt, decided } = date.headcount;
  if (decided) return null;
  const wanted = 'minHeadcount' in patch && !spared ? (patch.minHeadcount ?? null) : setting;
  if (!sameMinimum(wanted, setting)) {
    if (!wanted) return { minHeadcount: null, headcountDecideAt: null };
    if (date.capacity > 0 && wanted.min > date.capacity) return null;
    const at = decideAtFor(wanted.deadline, date.date, startAtTime(date.date, startTime), null);
    return at && at.getTime() > now.getTime()
      ? { minHeadcount: wanted, headcountDecideAt: at }
      : null;
  }
  const moved = movedDecideAt(
    { minHeadcount: setting, headcountDecideAt: decideAt, headcountDecision: null },
    date.date,
    startTime,
  );
  return moved && moved.getTime() > now.getTime() ? { headcountDecideAt: moved } : null;
}

/**
 * 「この日以降すべて」: `from` (the date the organizer edits) takes the whole patch; each later
 * date takes the patch less the fields it had changed on its own (「この日のみ」: those whose value
 * differs from the series' template before this change), so a single date's edit is spared.
 * Only dates still running and not begun change. A moved schedule gets its change record and
 * a notice to each participant, as an organizer's edit does (docs/notifications.md "Change
 * notices"); a field set to what the date has already is no change. Returns the new template
 * (with its search tokens when a searched text changed) and the writes, or null when the patch
 * would move `from` into the past.
 */
export function planFollowingChange(
  template: Record<string, unknown>,
  from: SeriesDate,
  later: readonly SeriesDate[],
  patch: SeriesPatch,
  now: Date,
): { template: Record<string, unknown>; dates: SeriesDateWrite[] } | null {
  const newStart = startOf(from, String(patch.startTime ?? from.fields.startTime));
  if (newStart.getTime() <= now.getTime()) return null;
  const writes: SeriesDateWrite[] = [];
  for (const date of [from, ...later.filter((d) => d.id !== from.id)]) {
    if (!running(date.status) || startOf(date, String(date.fields.startTime)) <= now) continue;
    const changes: Partial<Record<SeriesSharedField, string | number>> = {};
    for (const key of SERIES_SHARED_FIELDS) {
      const v = patch[key];
      if (v === undefined || date.fields[key] === v) continue;
      const ownEdit = date.id !== from.id && date.fields[key] !== template[key];
      if (!ownEdit) changes[key] = v;
    }
    const templateMinimum = minHeadcountOf(template.minHeadcount);
    const ownMinimum = date.id !== from.id && !sameMinimum(date.headcount.setting, templateMinimum);
    const headcount = headcountUpdate(
      date,
      patch,
      ownMinimum,
      String(changes.startTime ?? date.fields.startTime),
      now,
    );
    if (Object.keys(changes).length === 0 && !headcount) continue;
    const after = { ...date.fields, ...changes };
    const moved = SCHEDULE_FIELDS.some((k) => k in changes);
    const seq = date.lastChangeSeq + 1;
    const schedule = (f: typeof after) => ({
      date: date.date,
      startTime: f.startTime,
      endTime: f.endTime,
      location: f.location,
    });
    const searched = ['title', 'description', 'location'].some((k) => k in changes);
    writes.push({
      id: date.id,
      update: {
        ...changes,
        ...headcount,
        ...(searched
          ? {
              searchTokens: searchTokensOf({
                ...after,
                title: String(after.title),
                description: String(after.description),
                location: String(after.location),
              }),
            }
          : {}),
      },
      change: moved ? { seq, before: schedule(date.fields) } : null,
      notices: moved
        ? date.participants.map((uid) => ({
            id: eventChangedNoticeId(date.id, seq, uid),
            userId: uid,
            type: 'event_changed' as const,
            data: {
              eventId: date.id,
              eventTitle: String(after.title),
              seq,
              before: schedule(date.fields),
              after: schedule(after),
            },
          }))
        : [],
    });
  }
  const next: Record<string, unknown> = { ...template, ...patch };
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  // The template's tokens are the new dates' (the generator copies them).
  const tokens = ['title', 'description', 'location'].some((k) => k in patch)
    ? {
        searchTokens: searchTokensOf({
          title: text(next.title),
          description: text(next.description),
          location: text(next.location),
          sportType: text(next.sportType),
          organizerName: text(next.organizerName),
          teamName: text(next.teamName),
        }),
      }
    : {};
  return { template: { ...next, ...tokens }, dates: writes };
}

/**
 * Ending a series: every date still running that has not begun is cancelled, each participant
 * and pending requester told (the organizer's cancellation notice); the dates already held
 * stay as they are.
 */
export function planSeriesEnd(
  dates: readonly (SeriesDate & { pendingRequesters: readonly string[] })[],
  now: Date,
): SeriesDateWrite[] {
  return dates
    .filter((d) => running(d.status) && startOf(d, String(d.fields.startTime)) > now)
    .map((d) => ({
      id: d.id,
      update: { status: 'cancelled' },
      change: null,
      notices: [...new Set([...d.participants, ...d.pendingRequesters])].map((uid) => ({
        id: eventCancelledNoticeId(d.id, uid),
        userId: uid,
        type: 'event_cancelled' as const,
        data: { eventId: d.id, eventTitle: String(d.fields.title) },
      })),
    }));
}
