import * as z from 'zod/mini';
import { EVENT_START_SLACK_MINUTES, PHOTO_PATH_MAX } from '@/domain/constants';
import { ENTRY_METHODS, LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';

export const EVENT_TITLE_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_LOCATION_MAX = 100;
export const EVENT_TEAM_NAME_MAX = 50;
export const EVENT_CAPACITY_MIN = 1;
export const EVENT_CAPACITY_MAX = 1000;
/** The highest fee in yen (firestore.rules agree): a bound, not a price policy. */
export const EVENT_FEE_MAX = 1_000_000;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME_INVALID = '終了時刻を正しく入力してください';
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The regex alone lets 2024-02-30 through; a real calendar day must round-trip. */
function isCalendarDate(value: string): boolean {
  const m = YMD.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d;
}

/** A Date's local calendar day as yyyy-MM-dd, the way the form gives event days. */
export function ymdOf(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Which of an event's day and start time puts its start in the past, or null: the day when it
 * is before today, else the time when the day is today and the start (to the minute) has gone.
 * Days and times are the device's local ones, as event days are stored (local midnight) and
 * shown, which is JST for the app's users. A malformed day or time is left to the field checks.
 */
export function pastStartField(
  date: string,
  startTime: string,
  now: Date,
): 'date' | 'startTime' | null {
  if (!isCalendarDate(date)) return null;
  const today = ymdOf(now);
  // yyyy-MM-dd compares as text.
  if (date < today) return 'date';
  if (date > today || !HHMM.test(startTime)) return null;
  const nowTime = `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
  return startTime < nowTime ? 'startTime' : null;
}

export const PAST_DATE_MESSAGE = '過去の日付は指定できません';
export const PAST_TIME_MESSAGE = '過去の時刻は指定できません';
export const SOON_TIME_MESSAGE = `開始時刻は今から${EVENT_START_SLACK_MINUTES}分以上先にしてください`;

/**
 * Whether a start that is not in the past (pastStartField) still begins within the clock's
 * slack (EVENT_START_SLACK_MINUTES from `now`, to the minute): the rules ask a start after the
 * server's time, so the app asks this much ahead of its own clock. False for a malformed value.
 */
export function startTooSoon(date: string, startTime: string, now: Date): boolean {
  if (!isCalendarDate(date) || !HHMM.test(startTime)) return false;
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = startTime.split(':').map(Number);
  const start = new Date(y!, mo! - 1, d!, h, mi);
  const earliest = new Date(now);
  earliest.setSeconds(0, 0);
  earliest.setMinutes(earliest.getMinutes() + EVENT_START_SLACK_MINUTES);
  return start.getTime() < earliest.getTime();
}

/** Which field puts a new or moved start too early: pastStartField, else the slack's 'soon'. */
export function earlyStartField(
  date: string,
  startTime: string,
  now: Date,
): 'date' | 'startTime' | 'soon' | null {
  return (
    pastStartField(date, startTime, now) ?? (startTooSoon(date, startTime, now) ? 'soon' : null)
  );
}

/**
 * A required whole number from a form input: an empty (or blank) input is its own error, not the
 * 0 that Number('') would make of it. Numbers (the stored form of the write schemas) go through.
 */
function requiredNumber(emptyMessage: string, notNumberMessage: string) {
  return z.pipe(
    z
      .unknown()
      .check(
        z.refine((v) => v != null && !(typeof v === 'string' && v.trim() === ''), emptyMessage),
      ),
    z.coerce.number({ error: notNumberMessage }),
  );
}

/** HH:mm strings compare correctly as text because both are zero-padded. */
function endsAfterStart(v: { startTime: unknown; endTime: unknown }): boolean {
  if (typeof v.endTime !== 'string' || v.endTime === '') return true;
  if (typeof v.startTime !== 'string') return true;
  return v.endTime > v.startTime;
}

/** Field names match EventInput of the events port, so the parsed form is what the port takes. */
const eventFields = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'タイトルを入力してください'),
      z.maxLength(EVENT_TITLE_MAX, `タイトルは${EVENT_TITLE_MAX}文字以内で入力してください`),
    ),
  description: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        EVENT_DESCRIPTION_MAX,
        `説明は${EVENT_DESCRIPTION_MAX}文字以内で入力してください`,
      ),
    ),
  sportType: z.enum(SPORT_TYPES, { error: '種目を選択してください' }),
  location: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, '開催場所を入力してください'),
      z.maxLength(EVENT_LOCATION_MAX, `開催場所は${EVENT_LOCATION_MAX}文字以内で入力してください`),
    ),
  region: z.union([z.literal(''), z.enum(REGIONS)], { error: '地域を一覧から選択してください' }),
  level: z.enum(LEVELS, { error: 'レベルを選択してください' }),
  /** Chosen from the organizer's teams; the backend fills teamName from that team. */
  teamId: z.string().check(z.maxLength(128)),
  teamName: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        EVENT_TEAM_NAME_MAX,
        `チーム名は${EVENT_TEAM_NAME_MAX}文字以内で入力してください`,
      ),
    ),
  date: z
    .string({ error: '開催日を入力してください' })
    .check(
      z.minLength(1, '開催日を入力してください'),
      z.refine(isCalendarDate, '開催日を正しく入力してください'),
    ),
  startTime: z
    .string({ error: '開始時刻を入力してください' })
    .check(
      z.minLength(1, '開始時刻を入力してください'),
      z.regex(HHMM, '開始時刻を正しく入力してください'),
    ),
  endTime: z.union([z.literal(''), z.string().check(z.regex(HHMM, END_TIME_INVALID))], {
    error: END_TIME_INVALID,
  }),
  fee: requiredNumber('参加費を入力してください', '参加費は半角数字で入力してください').check(
    z.int('参加費は整数で入力してください'),
    z.gte(0, '参加費は0円以上で入力してください'),
    z.lte(
      EVENT_FEE_MAX,
      `参加費は${EVENT_FEE_MAX.toLocaleString('ja-JP')}円以下で入力してください`,
    ),
  ),
  capacity: requiredNumber('定員を入力してください', '定員は半角数字で入力してください').check(
    z.int('定員は整数で入力してください'),
    z.gte(EVENT_CAPACITY_MIN, `定員は${EVENT_CAPACITY_MIN}人以上で入力してください`),
    z.lte(EVENT_CAPACITY_MAX, `定員は${EVENT_CAPACITY_MAX}人以下で入力してください`),
  ),
  /** 承認制 or 先着順; an input without it (older clients) makes a 承認制 event. */
  entryMethod: z.optional(z.enum(ENTRY_METHODS)),
  /** Not bounded here: the local backend keeps images as data: URLs (firestore.rules bound it). */
  imageURL: z.string(),
  imagePath: z.string().check(z.maxLength(PHOTO_PATH_MAX)),
});

const END_AFTER_START = {
  message: '終了時刻は開始時刻より後にしてください',
  path: ['endTime'],
  // Still compare the times when an unrelated field (an unchosen sport, say) failed.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { startTime?: unknown; endTime?: unknown } | null | undefined;
    return (
      typeof v?.startTime === 'string' && HHMM.test(v.startTime) && typeof v?.endTime === 'string'
    );
  },
};

export const eventFormSchema = eventFields.check(z.refine(endsAfterStart, END_AFTER_START));

/** Still judge the start when an unrelated field failed, as the end time is judged. */
const whenDayAndTime = (payload: { value: unknown }) => {
  const v = payload.value as { date?: unknown; startTime?: unknown } | null | undefined;
  return typeof v?.date === 'string' && typeof v?.startTime === 'string';
};

/**
 * The form of the create and edit screens: eventFormSchema, and a start that is not in the past
 * at `now()` (read when the form is checked, so a form left open judges the time of its
 * submission), said on the field at fault. On an edit, `kept` is the event's stored day and
 * start time: left as they are they are always accepted, so an event that has begun or is over
 * can still be edited (decideEventUpdate agrees).
 */
export function eventFormSchemaAt(now: () => Date, kept?: { date: string; startTime: string }) {
  const pastField = (v: { date: string; startTime: string }) =>
    kept && v.date === kept.date && v.startTime === kept.startTime
      ? null
      : earlyStartField(v.date, v.startTime, now());
  return eventFormSchema.check(
    z.refine((v) => pastField(v) !== 'date', {
      message: PAST_DATE_MESSAGE,
      path: ['date'],
      when: whenDayAndTime,
    }),
    z.refine((v) => pastField(v) !== 'startTime', {
      message: PAST_TIME_MESSAGE,
      path: ['startTime'],
      when: whenDayAndTime,
    }),
    z.refine((v) => pastField(v) !== 'soon', {
      message: SOON_TIME_MESSAGE,
      path: ['startTime'],
      when: whenDayAndTime,
    }),
  );
}

/**
 * What both backends accept (decideCreate / decideEventUpdate in src/domain/rules/events.ts, and
 * firestore.rules the same lists and limits): the form's checks, except that the level may be
 * left empty, which reads as 誰でも (events stored before levels existed have none).
 */
const eventWriteFields = z.extend(eventFields, {
  level: z.union([z.literal(''), z.enum(LEVELS)]),
});
export const eventWriteSchema = eventWriteFields.check(z.refine(endsAfterStart, END_AFTER_START));
/** The fields an edit may change, each checked as on creation. */
export const eventPatchSchema = z.partial(eventWriteFields);

/** What the form holds (fee and capacity may still be strings from the inputs). */
export type EventFormInput = z.input<typeof eventFormSchema>;
/** What the form submits: the shape of EventInput. */
export type EventFormValues = z.output<typeof eventFormSchema>;
