/*
 * The minimum headcount (最少催行人数, docs/domain.md "Minimum headcount"): what an organizer
 * sets, when it is decided and what the decision is. The decision handler
 * (mail/handlers/headcount-decisions.ts) runs it on both backends, and the Cloud Functions
 * compile this file with their own code, so it imports nothing.
 */

/** What happens when too few are in at the decision time. */
export const HEADCOUNT_MODES = ['cancel', 'ask'] as const;
export type HeadcountMode = (typeof HEADCOUNT_MODES)[number];
export const HEADCOUNT_MODE_LABELS: Record<HeadcountMode, string> = {
  cancel: '自動で中止',
  ask: '主催者に確認',
};

/** When it is decided: the day before at 18:00, three hours before the start, or a set time. */
export const HEADCOUNT_DEADLINES = ['dayBefore18', 'start3h', 'custom'] as const;
export type HeadcountDeadline = (typeof HEADCOUNT_DEADLINES)[number];
export const HEADCOUNT_DEADLINE_LABELS: Record<HeadcountDeadline, string> = {
  dayBefore18: '前日 18:00',
  start3h: '当日 開始3時間前',
  custom: '日時を指定',
};

/**
 * The deadlines relative to each event's own day and start: a series' template offers only
 * these (a set time fits one date, not every date), and moving an event moves their time.
 */
export const RELATIVE_HEADCOUNT_DEADLINES = ['dayBefore18', 'start3h'] as const;
export type RelativeHeadcountDeadline = (typeof RELATIVE_HEADCOUNT_DEADLINES)[number];

export function isRelativeDeadline(d: HeadcountDeadline): d is RelativeHeadcountDeadline {
  return (RELATIVE_HEADCOUNT_DEADLINES as readonly string[]).includes(d);
}

/** The smallest minimum worth setting (one person is any event) and the largest (capacity's). */
export const HEADCOUNT_MIN = 2;
export const HEADCOUNT_MAX = 1000;

/** The decision as the server records it once (`headcountDecision`, never a client's). */
export const HEADCOUNT_RESULTS = ['held', 'cancelled', 'asked'] as const;
export type HeadcountResult = (typeof HEADCOUNT_RESULTS)[number];

/** The organizer's setting, stored on the event as `minHeadcount`. */
export interface MinHeadcount {
  min: number;
  mode: HeadcountMode;
  deadline: HeadcountDeadline;
}

export interface HeadcountDecision {
  result: HeadcountResult;
  /** Participants at the decision. */
  count: number;
  at: Date | null;
}

const HOUR_MS = 60 * 60_000;

/**
 * The decision time of a deadline: `day` is the stored event day (midnight in the organizer's
 * zone, Japan's for the app's users), `start` the event's start. 前日 18:00 is six hours before
 * that midnight; a set time is taken as given.
 */
export function decideAtFor(
  deadline: HeadcountDeadline,
  day: Date,
  start: Date,
  custom: Date | null,
): Date | null {
  if (deadline === 'dayBefore18') return new Date(day.getTime() - 6 * HOUR_MS);
  if (deadline === 'start3h') return new Date(start.getTime() - 3 * HOUR_MS);
  return custom;
}

/**
 * The start of an event as its day (the stored midnight) plus its HH:MM start time; the day
 * itself without one. (Here rather than entities/event.ts so the Functions compile it.)
 */
export function startAtTime(day: Date, startTime: string): Date {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(startTime);
  return m ? new Date(day.getTime() + (Number(m[1]) * 60 + Number(m[2])) * 60_000) : day;
}

/**
 * The decision time of a relative setting after the event moved to `day` at `startTime`, or
 * null when it does not move: no setting, a set time (日時を指定 stays as chosen), decided
 * already, or the same time as stored.
 */
export function movedDecideAt(
  event: Pick<HeadcountEvent, 'minHeadcount' | 'headcountDecideAt' | 'headcountDecision'>,
  day: Date,
  startTime: string,
): Date | null {
  const setting = event.minHeadcount;
  if (!setting || event.headcountDecision || !isRelativeDeadline(setting.deadline)) return null;
  const at = decideAtFor(setting.deadline, day, startAtTime(day, startTime), null);
  return at && at.getTime() !== event.headcountDecideAt?.getTime() ? at : null;
}

/** Why a setting is refused: the key of the domain's error catalogue (src/domain/errors.ts). */
export type HeadcountRefusal =
  | 'headcountMinInvalid'
  | 'headcountAboveCapacity'
  | 'headcountDecideAtMissing'
  | 'headcountDecideAfterStart'
  | 'headcountDecideAtPast';

/** The minimum itself: a whole number from HEADCOUNT_MIN to HEADCOUNT_MAX, not above a set capacity. */
export function minRefusalOf(
  min: number,
  capacity: number,
): 'headcountMinInvalid' | 'headcountAboveCapacity' | null {
  if (!Number.isInteger(min) || min < HEADCOUNT_MIN || min > HEADCOUNT_MAX) {
    return 'headcountMinInvalid';
  }
  return capacity > 0 && min > capacity ? 'headcountAboveCapacity' : null;
}

/**
 * Checks a setting against its event: a whole number from HEADCOUNT_MIN, not above a set
 * capacity, decided before the start and after now. Returns the refusal, or null.
 */
export function headcountRefusal(
  setting: MinHeadcount,
  decideAt: Date | null,
  event: { capacity: number; start: Date },
  now: Date,
): HeadcountRefusal | null {
  const minRefusal = minRefusalOf(setting.min, event.capacity);
  if (minRefusal) return minRefusal;
  if (!decideAt || Number.isNaN(decideAt.getTime())) return 'headcountDecideAtMissing';
  if (decideAt.getTime() >= event.start.getTime()) return 'headcountDecideAfterStart';
  if (decideAt.getTime() <= now.getTime()) return 'headcountDecideAtPast';
  return null;
}

/** What the decision reads of an event. */
export interface HeadcountEvent {
  status: string;
  participants: readonly string[];
  minHeadcount: MinHeadcount | null;
  headcountDecideAt: Date | null;
  headcountDecision: HeadcountDecision | null;
}

/**
 * The decision at `now`, or null when there is none to make: no minimum, not yet its time,
 * decided already, or no longer running (cancelled or finished before). Enough people in is
 * 開催決定 (`held`); too few cancels the event (自動で中止) or asks its organizer (主催者に確認).
 */
export function decideHeadcount(
  event: HeadcountEvent,
  now: Date,
): { result: HeadcountResult; count: number } | null {
  const { minHeadcount, headcountDecideAt: decideAt } = event;
  if (!minHeadcount || !decideAt || event.headcountDecision) return null;
  if (decideAt.getTime() > now.getTime()) return null;
  if (event.status !== 'open' && event.status !== 'closed') return null;
  const count = event.participants.length;
  if (count >= minHeadcount.min) return { result: 'held', count };
  return { result: minHeadcount.mode === 'cancel' ? 'cancelled' : 'asked', count };
}

/**
 * What the event page says: before the decision 「あと2人で開催決定」 (or 「開催決定」 once enough
 * are in); after it 「開催決定」, or that the organizer is deciding. Null without a minimum, and
 * for a cancelled event (its page says 中止).
 */
export function headcountStatusLabel(
  event: Pick<HeadcountEvent, 'status' | 'participants' | 'minHeadcount' | 'headcountDecision'>,
): string | null {
  if (!event.minHeadcount || event.status === 'cancelled') return null;
  if (event.headcountDecision?.result === 'asked')
    return '最少催行人数に届かず、主催者が開催を判断しています';
  if (event.headcountDecision) return '開催決定';
  const short = event.minHeadcount.min - event.participants.length;
  return short > 0 ? `あと${short}人で開催決定` : '開催決定';
}

/** The stored `minHeadcount` (any shape) as a setting, or null. */
export function minHeadcountOf(v: unknown): MinHeadcount | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  if (typeof d.min !== 'number') return null;
  return {
    min: d.min,
    mode: HEADCOUNT_MODES.includes(d.mode as HeadcountMode) ? (d.mode as HeadcountMode) : 'ask',
    deadline: HEADCOUNT_DEADLINES.includes(d.deadline as HeadcountDeadline)
      ? (d.deadline as HeadcountDeadline)
      : 'custom',
  };
}

/** The stored `headcountDecision` (any shape; `at` as the store's time read) or null. */
export function headcountDecisionOf(
  v: unknown,
  toDate: (v: unknown) => Date | null,
): HeadcountDecision | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
  if (!HEADCOUNT_RESULTS.includes(d.result as HeadcountResult)) return null;
  return {
    result: d.result as HeadcountResult,
    count: typeof d.count === 'number' ? d.count : 0,
    at: toDate(d.at),
  };
}

/** The organizer's notice that too few are in: one per event. */
export function headcountCheckNoticeId(eventId: string): string {
  return `${eventId}_headcount_check`;
}
