import {
  SERIES_CHANGE_DATES_LIMIT,
  planFollowingChange,
  planSeriesEnd,
  seriesPatchOf,
  type SeriesDate,
  type SeriesDateWrite,
} from '../../src/domain/series-changes.js';
import { SERIES_NO_NEXT_DATE, seriesRecordOf } from '../../src/domain/series.js';
import { minHeadcountOf } from '../../src/domain/headcount.js';
import * as z from 'zod/mini';
import type { RateLimit } from '../policy.js';
import {
  eventCancelledMail,
  eventChangedMail,
  type MailEvent,
  type MailSchedule,
} from '../templates.js';
import {
  acceptPost,
  forbidden,
  json,
  mailIfAllowed,
  type BaseDeps,
  type HandlerRequest,
  type HandlerResponse,
} from './common.js';

export { SERIES_SHARED_FIELDS } from '../../src/domain/series-changes.js';

/** A series as a change reads it: its organizer, status and the event its dates copy. */
export interface SeriesChangeRecord {
  id: string;
  organizerId: string;
  status: string;
  template: Record<string, unknown>;
}

/** A date as a change reads it: the domain's, with its series and what its mail shows. */
export interface SeriesDateRecord extends SeriesDate {
  seriesId: string;
  title: string;
}

/** Notices in one commit with their date's change (the rest in commits of this many after it). */
export const SERIES_NOTICES_PER_COMMIT = 400;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A stored event as a date of a series, or null when it is not one. */
export function seriesDateRecordOf(
  id: string,
  d: Record<string, unknown>,
  toDate: (v: unknown) => Date | null,
): SeriesDateRecord | null {
  const date = toDate(d.date);
  if (!text(d.seriesId) || !date) return null;
  const participants = Array.isArray(d.participants)
    ? d.participants.filter((p): p is string => typeof p === 'string')
    : [];
  const change = d.lastChange as { seq?: unknown } | undefined;
  return {
    id,
    seriesId: text(d.seriesId),
    title: text(d.title),
    status: text(d.status) || 'open',
    date,
    participants,
    lastChangeSeq: typeof change?.seq === 'number' ? change.seq : 0,
    capacity: typeof d.capacity === 'number' ? d.capacity : 0,
    headcount: {
      setting: minHeadcountOf(d.minHeadcount),
      decideAt: toDate(d.headcountDecideAt),
      decided: !!d.headcountDecision && typeof d.headcountDecision === 'object',
    },
    fields: {
      title: text(d.title),
      description: text(d.description),
      location: text(d.location),
      startTime: text(d.startTime),
      endTime: text(d.endTime),
      fee: typeof d.fee === 'number' ? d.fee : 0,
      sportType: text(d.sportType),
      organizerName: text(d.organizerName),
      teamName: text(d.teamName),
    },
  };
}

/** A stored series as a change reads it (its template and organizer: seriesRecordOf's). */
export function seriesChangeRecordOf(id: string, d: Record<string, unknown>): SeriesChangeRecord {
  const record = seriesRecordOf(id, d);
  return {
    id,
    organizerId: text(record.template.organizerId),
    status: record.status,
    template: record.template,
  };
}

/**
 * The stores a change reads and writes: the Cloud Function passes Firestore's (Admin SDK,
 * functions/src/series-change-stores.ts), the local backend its IndexedDB ones
 * (src/data/local/local-series-changes.ts).
 */
export interface SeriesChangeStores {
  getSeries(id: string): Promise<SeriesChangeRecord | null>;
  getSeriesDate(eventId: string): Promise<SeriesDateRecord | null>;
  /** The series' dates whose stored day is on or after `from`, soonest first, at most `limit`. */
  seriesDatesFrom(seriesId: string, from: Date, limit: number): Promise<SeriesDateRecord[]>;
  /** The uids with a pending request for the event (at most 1,000). */
  pendingRequesters(eventId: string): Promise<string[]>;
  /**
   * Writes one date's change: its fields with updatedAt the store's time, the change record
   * `lastChange: { seq, before, at: the store's time }` when given, and its notices (in the same
   * commit while they fit, the rest in commits after it).
   */
  commitDate(write: SeriesDateWrite): Promise<void>;
  /** Updates the series document's fields (with updatedAt the store's time). */
  updateSeries(id: string, fields: Record<string, unknown>): Promise<void>;
}

export type SeriesChangeDeps = BaseDeps & SeriesChangeStores;

const badRequest = (message: string): HandlerResponse =>
  json(400, { error: 'invalid_change', message });

/** Per caller: a change is one call; this only stops a runaway client. */
export const SERIES_CHANGE_CALLER_LIMIT: RateLimit = { limit: 30, windowMs: 10 * 60_000 };
/** Per change and recipient: never mailed twice. */
const SERIES_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 30 * 24 * 60 * 60_000 };
const PARALLEL = 10;

const id = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

export const seriesChangeBody = z.union([
  z.object({
    action: z.literal('following'),
    eventId: id(),
    patch: z.record(z.string(), z.unknown()),
  }),
  z.object({ action: z.literal('end'), seriesId: id() }),
]);

export type SeriesChangeBody = z.infer<typeof seriesChangeBody>;

function mailEventOf(date: SeriesDateRecord, update: Record<string, unknown>): MailEvent {
  const f = { ...date.fields, ...update };
  return {
    id: date.id,
    title: String(f.title),
    date: date.date,
    startTime: String(f.startTime),
    endTime: String(f.endTime),
    location: String(f.location),
  };
}

/**
 * POST /api/series-change (docs/series.md "Changing and ending"): for a series the caller
 * organizes, 「この日以降すべて」 from one of its dates (`following`: the date and the later ones,
 * less each later date's own edits, and the series' template, with change notices and mail to
 * each changed date's participants) or the end of the series (`end`: its generator stopped,
 * its dates still to come cancelled with notices and mail). The caller's checks (acceptPost),
 * then the series' organizer must be the caller; everything changed is read from the store,
 * never from the body but the patch, which is checked as an event's form checks it. Answers
 * how many dates changed.
 */
export async function handleSeriesChange(
  req: HandlerRequest,
  deps: SeriesChangeDeps,
): Promise<HandlerResponse> {
  const accepted = await acceptPost(req, deps, {
    name: 'series-change',
    limit: SERIES_CHANGE_CALLER_LIMIT,
    schema: seriesChangeBody,
  });
  if ('response' in accepted) return accepted.response;
  const { body, uid } = accepted;
  const now = deps.now();

  if (body.action === 'end') {
    const series = await deps.getSeries(body.seriesId);
    if (!series || series.organizerId !== uid) {
      return forbidden('Only the organizer of the series may end it.');
    }
    await deps.updateSeries(series.id, { status: 'ended', nextDate: SERIES_NO_NEXT_DATE });
    const dates = await deps.seriesDatesFrom(
      series.id,
      startOfDayBefore(now),
      SERIES_CHANGE_DATES_LIMIT,
    );
    const withRequesters = await Promise.all(
      dates.map(async (d) => ({ ...d, pendingRequesters: await deps.pendingRequesters(d.id) })),
    );
    const writes = planSeriesEnd(withRequesters, now);
    for (const w of writes) await deps.commitDate(w);
    await mailAll(deps, uid, dates, writes, 'end');
    return json(200, { changed: writes.length });
  }

  const patch = seriesPatchOf(body.patch);
  if (!patch) return badRequest('The change is not a valid change of an event.');
  const from = await deps.getSeriesDate(body.eventId);
  const series = from ? await deps.getSeries(from.seriesId) : null;
  if (!from || !series || series.organizerId !== uid) {
    return forbidden('Only the organizer of the series may change its dates.');
  }
  if (series.status !== 'active') return forbidden('The series has ended.');
  const later = await deps.seriesDatesFrom(series.id, from.date, SERIES_CHANGE_DATES_LIMIT);
  const plan = planFollowingChange(series.template, from, later, patch, now);
  if (!plan) return badRequest('The change would move the date into the past.');
  for (const w of plan.dates) await deps.commitDate(w);
  const changedTemplate: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(plan.template)) {
    if (series.template[k] !== v) changedTemplate[k] = v;
  }
  await deps.updateSeries(series.id, changedTemplate);
  await mailAll(deps, uid, [from, ...later], plan.dates, 'following');
  return json(200, { changed: plan.dates.length });
}

/** A day back: a date of today that has not begun is still to come (the domain decides). */
function startOfDayBefore(now: Date): Date {
  return new Date(now.getTime() - 24 * 60 * 60_000);
}

/** The mail of each changed date to each of its notices' recipients (not the organizer). */
async function mailAll(
  deps: SeriesChangeDeps,
  uid: string,
  dates: readonly SeriesDateRecord[],
  writes: readonly SeriesDateWrite[],
  action: 'end' | 'following',
): Promise<void> {
  const byId = new Map(dates.map((d) => [d.id, d]));
  for (const w of writes) {
    const date = byId.get(w.id);
    if (!date || w.notices.length === 0) continue;
    const event = mailEventOf(date, w.update);
    const change = w.change;
    const cause =
      action === 'end' || !change
        ? `send-email:event:${w.id}:cancelled`
        : `send-email:event:${w.id}:changed:${change.seq}`;
    const recipients = w.notices.map((n) => n.userId).filter((r) => r !== uid);
    for (let i = 0; i < recipients.length; i += PARALLEL) {
      await Promise.all(
        recipients.slice(i, i + PARALLEL).map((recipientId) =>
          mailIfAllowed(
            deps,
            {
              recipientId,
              kind: action === 'end' ? 'eventCancelled' : 'eventChanged',
              cause: {
                key: `${cause}:${recipientId}`,
                limit: SERIES_MAIL_LIMIT,
                reason: 'duplicate',
              },
            },
            async () =>
              action === 'end' || !change
                ? eventCancelledMail(event, deps.appBaseUrl)
                : eventChangedMail(event, change.before as MailSchedule, deps.appBaseUrl),
            { type: `series_${action}`, uid, recipientId, eventId: w.id },
          ).catch((e: unknown) => {
            // The change and its notices stand; one failed mail does not stop the others.
            deps.log.error('mail failed', { eventId: w.id, recipientId, error: String(e) });
          }),
        ),
      );
    }
  }
}
