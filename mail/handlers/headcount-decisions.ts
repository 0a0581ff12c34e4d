import { eventCancelledNoticeId } from '../../src/domain/notice-ids.js';
import {
  decideHeadcount,
  headcountCheckNoticeId,
  type HeadcountEvent,
  type HeadcountResult,
} from '../../src/domain/headcount.js';
import type { RateLimit } from '../policy.js';
import { headcountCancelledMail, headcountCheckMail, type MailText } from '../templates.js';
import { mailEach, type EventRecord, type MailDeps } from './common.js';

/** How a store reads the stored setting and decision (the Functions reach the domain only through mail/). */
export { headcountDecisionOf, minHeadcountOf } from '../../src/domain/headcount.js';

/** Events read per page of a run, and pages per run (the next run goes on). */
export const HEADCOUNT_EVENTS_PAGE_SIZE = 100;
export const HEADCOUNT_MAX_PAGES = 10;
/** The pending requesters a cancellation tells (src/domain/rules/event-changes.ts' bound). */
export const HEADCOUNT_REQUESTERS_LIMIT = 1000;
/** Per event and recipient: a decision is mailed once, whoever runs it again. */
const HEADCOUNT_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 30 * 24 * 60 * 60_000 };

/** An event as the decision reads it: what the mail shows, and the decision's inputs. */
export interface HeadcountEventRecord extends EventRecord, Omit<HeadcountEvent, 'participants'> {
  status: string;
}

/** A notice the decision writes with it (`{ userId, type, data, read: false, … }`). */
export interface HeadcountNotice {
  id: string;
  userId: string;
  type: 'event_cancelled' | 'headcount_check';
  data: Record<string, unknown>;
}

/** What one decision writes: the decision, the status when it cancels, and its notices. */
export interface HeadcountWrite {
  result: HeadcountResult;
  count: number;
  notices: HeadcountNotice[];
  /**
   * Whether `headcountDecideAt` goes with the decision: a held event tells nobody; a
   * cancellation or a question keeps it until its mail is sent (runHeadcountDecisions).
   */
  clearDecideAt: boolean;
}

/**
 * The stores a run reads and writes: the Cloud Function passes Firestore's (Admin SDK,
 * functions/src/headcount-stores.ts), the local backend its IndexedDB ones
 * (src/data/local/local-headcount.ts).
 */
export interface HeadcountStores {
  /**
   * Events whose `headcountDecideAt` is at or before `now`, in that order then the id, at most
   * `limit`, continuing after `after`; `next` is null on the last page. A decided event has no
   * `headcountDecideAt` any more, so a run with nothing due reads nothing.
   */
  dueHeadcounts(
    now: Date,
    page: { limit: number; after: string | null },
  ): Promise<{ events: HeadcountEventRecord[]; next: string | null }>;
  /** The uids with a pending request for the event (at most HEADCOUNT_REQUESTERS_LIMIT). */
  pendingRequesters(eventId: string): Promise<string[]>;
  /**
   * In one transaction: reads the event again and hands it to `plan`; with a plan, writes
   * `headcountDecision: { result, count, at: the store's time }`, removes `headcountDecideAt`
   * when the plan says `clearDecideAt`, sets
   * status `cancelled` (and updatedAt) for a cancellation, and writes the notices. Without
   * one (missing, decided already, no longer running) it only removes a `headcountDecideAt` left
   * on an event that has nothing to decide, so no run reads it again. Resolves with what it
   * wrote, or null: a concurrent run that got there first makes it null.
   */
  commitDecision(
    eventId: string,
    plan: (event: HeadcountEventRecord | null) => HeadcountWrite | null,
  ): Promise<HeadcountWrite | null>;
}

export interface HeadcountDeps extends MailDeps, HeadcountStores {}

export interface HeadcountRun {
  eventsRead: number;
  held: number;
  cancelled: number;
  asked: number;
  mailed: number;
  notMailed: number;
  truncated: boolean;
}

/** The decision of one event as writes: the notices of a cancellation or of a question. */
function decisionPlan(now: Date, requesters: readonly string[]) {
  return (event: HeadcountEventRecord | null): HeadcountWrite | null => {
    const decided = event ? decideHeadcount(event, now) : null;
    if (!event || !decided) return null;
    const eventData = { eventId: event.id, eventTitle: event.title };
    const notices: HeadcountNotice[] =
      decided.result === 'cancelled'
        ? [...new Set([...event.participants, ...requesters])].map((uid) => ({
            id: eventCancelledNoticeId(event.id, uid),
            userId: uid,
            type: 'event_cancelled',
            data: { ...eventData, reason: 'headcount' },
          }))
        : decided.result === 'asked'
          ? [
              {
                id: headcountCheckNoticeId(event.id),
                userId: event.organizerId,
                type: 'headcount_check',
                data: { ...eventData, count: decided.count, min: event.minHeadcount!.min },
              },
            ]
          : [];
    return { ...decided, notices, clearDecideAt: decided.result === 'held' };
  };
}

/**
 * One run of the minimum-headcount decision (docs/domain.md "Minimum headcount"), at
 * `deps.now()`: reads the events whose decision time has come, page by page, and decides each
 * once in a transaction that reads it again (decideHeadcount): enough in is 開催決定; too few
 * cancels it with the cancellation notices and mail (自動で中止) or tells its organizer to
 * decide, with a notice and a mail (主催者に確認). A rerun, or two at once, finds the decision
 * and changes nothing. No caller: the schedule, or the open local app, runs it.
 */
export async function runHeadcountDecisions(deps: HeadcountDeps): Promise<HeadcountRun> {
  const now = deps.now();
  const run: HeadcountRun = {
    eventsRead: 0,
    held: 0,
    cancelled: 0,
    asked: 0,
    mailed: 0,
    notMailed: 0,
    truncated: false,
  };
  let after: string | null = null;
  for (let pages = 0; ; pages++) {
    if (pages === HEADCOUNT_MAX_PAGES) {
      run.truncated = true;
      deps.log.warn('headcount decisions: more events due than one run reads', {});
      break;
    }
    const page = await deps.dueHeadcounts(now, { limit: HEADCOUNT_EVENTS_PAGE_SIZE, after });
    run.eventsRead += page.events.length;
    for (const event of page.events) {
      try {
        await decideEvent(deps, event, now, run);
      } catch (e) {
        // One event failing (contention beyond the retries) leaves it due for the next run.
        deps.log.warn('headcount decisions: an event failed', {
          eventId: event.id,
          error: String(e),
        });
      }
    }
    if (!page.next) break;
    after = page.next;
  }
  deps.log.info('headcount decisions run', { ...run });
  return run;
}

async function decideEvent(
  deps: HeadcountDeps,
  record: HeadcountEventRecord,
  now: Date,
  run: HeadcountRun,
): Promise<void> {
  const told = await decisionToTell(deps, record, now, run);
  if (!told) return;
  const min = record.minHeadcount?.min ?? 0;
  const compose = async (): Promise<MailText> =>
    told.result === 'cancelled'
      ? headcountCancelledMail(record, min, deps.appBaseUrl)
      : headcountCheckMail(record, { count: told.count, min }, deps.appBaseUrl);
  const kind = told.result === 'cancelled' ? 'eventCancelled' : 'headcountCheck';
  await mailEach(
    deps,
    told.recipients,
    {
      kind,
      causeKey: (recipientId) => `headcount:${record.id}:${recipientId}`,
      limit: HEADCOUNT_MAIL_LIMIT,
      context: { type: `headcount_${told.result}`, eventId: record.id },
    },
    compose,
    run,
  );
  // Mailed: the decision time goes, so no run reads the event again.
  await deps.commitDecision(record.id, () => null);
}

/**
 * Who hears of the event's decision: decided now (in its transaction, with the notices), or
 * decided by a run that stopped before its mail was all sent (the decision keeps its time until
 * then), whose recipients are found again and mailed; the mail's per-recipient limit mails
 * nobody twice. Null when there is nothing to tell.
 */
async function decisionToTell(
  deps: HeadcountDeps,
  record: HeadcountEventRecord,
  now: Date,
  run: HeadcountRun,
): Promise<{ result: HeadcountResult; count: number; recipients: string[] } | null> {
  const earlier = record.headcountDecision;
  if (earlier) {
    if (earlier.result === 'held') {
      await deps.commitDecision(record.id, () => null);
      return null;
    }
    const recipients =
      earlier.result === 'cancelled'
        ? [...new Set([...record.participants, ...(await deps.pendingRequesters(record.id))])]
        : [record.organizerId];
    return { result: earlier.result, count: earlier.count, recipients };
  }
  const first = decideHeadcount(record, now);
  // A transaction cannot query: a cancellation's pending requesters are found first.
  const requesters = first?.result === 'cancelled' ? await deps.pendingRequesters(record.id) : [];
  const written = await deps.commitDecision(record.id, decisionPlan(now, requesters));
  if (!written) return null;
  run[written.result]++;
  return { ...written, recipients: written.notices.map((n) => n.userId) };
}
