/*
 * A series (定期開催, docs/series.md): a recurrence rule and the event every date copies. The
 * date generator (mail/handlers/series-dates.ts) runs this on both backends, and the Cloud
 * Functions compile this file with their own code, so it imports nothing. The recurrence itself
 * (rrule) is in series-recurrence.ts, which only the generator loads.
 */
export const SERIES_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const SERIES_FREQUENCY_LABELS: Record<SeriesFrequency, string> = {
  weekly: '毎週',
  biweekly: '隔週',
  monthly: '毎月',
};

/** 毎月: the nth weekday of the month (第2土曜) or a day of the month (15日). */
export const MONTHLY_MODES = ['nthWeekday', 'monthDay'] as const;
export type MonthlyMode = (typeof MONTHLY_MODES)[number];

export const SERIES_ENDS = ['until', 'count', 'none'] as const;
export type SeriesEnd = (typeof SERIES_ENDS)[number];

export const SERIES_STATUSES = ['active', 'ended'] as const;
export type SeriesStatus = (typeof SERIES_STATUSES)[number];

/** How far ahead dates exist: the rolling window the generator keeps filled (8 weeks). */
export const SERIES_WINDOW_DAYS = 56;
/** Dates one series gains in one run at most (7 weekdays over the window, with room). */
export const SERIES_DATES_PER_RUN_MAX = 60;
/** A series' dates: at most this many by count. */
export const SERIES_COUNT_MAX = 200;
/** How often the schedule (and the open local app) tops the windows up. */
export const SERIES_RUN_INTERVAL_MS = 60 * 60_000;
/** Series read per page of a run, and pages a run reads at most (the next run goes on). */
export const SERIES_PAGE_SIZE = 100;
export const SERIES_MAX_PAGES = 20;
/** nextDate of a series with no date left to create: after every day, so never due. */
export const SERIES_NO_NEXT_DATE = '9999-12-31';

export const WEEKDAY_LABELS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** The rule as stored on series/{id}; weekdays are 0 (日) … 6 (土), days yyyy-MM-dd. */
export interface SeriesRule {
  frequency: SeriesFrequency;
  /** 毎週 / 隔週: the weekdays; 毎月 第n曜: its one weekday. */
  weekdays: number[];
  monthlyMode: MonthlyMode;
  /** 毎月 第n: 1–4, or -1 for 最終. */
  nth: number;
  /** 毎月 n日: 1–31 (a month without that day has no date). */
  monthDay: number;
  firstDate: string;
  end: SeriesEnd;
  /** end 'until': the last day a date may fall on. */
  until: string;
  /** end 'count': how many dates in all. */
  count: number;
}

/** The fields a series' every date copies (the event's own, as the event form gives them). */
export const SERIES_TEMPLATE_KEYS = [
  'title',
  'description',
  'sportType',
  'location',
  'region',
  'level',
  'startTime',
  'endTime',
  'fee',
  'capacity',
  'entryMethod',
  'imageURL',
  'imagePath',
  'teamId',
  'teamName',
  'organizerId',
  'organizerName',
  'organizerPhotoURL',
  'searchTokens',
  // The minimum headcount, with a deadline relative to each date (its time is each date's own).
  'minHeadcount',
] as const;

/** A series as the generator reads it: its rule, status, next day to create and template. */
export interface SeriesRecord extends SeriesRule {
  id: string;
  status: SeriesStatus;
  /** The first day not yet created ('' before the first run; SERIES_NO_NEXT_DATE when done). */
  nextDate: string;
  template: Record<string, unknown>;
}

export const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60_000;
/** Japan keeps no daylight saving time: its offset from UTC is always +09:00. */
const JAPAN_OFFSET_MS = 9 * 60 * 60_000;

/** A yyyy-MM-dd day as UTC midnight (the floating day rrule computes with), or null. */
export function utcDay(ymd: string): Date | null {
  const m = YMD.exec(ymd);
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === ymd ? d : null;
}

export const ymdOfUtc = (d: Date) => d.toISOString().slice(0, 10);

/** A day plus n days, yyyy-MM-dd. */
export function addDays(ymd: string, n: number): string {
  const d = utcDay(ymd);
  return d ? ymdOfUtc(new Date(d.getTime() + n * DAY_MS)) : ymd;
}

/** Today in Japan, yyyy-MM-dd: the generator's days are Japan's whatever the server's zone. */
export function japanToday(now: Date): string {
  return ymdOfUtc(new Date(now.getTime() + JAPAN_OFFSET_MS));
}

/**
 * The stored event day of a date: midnight in Japan, as the app stores days an organizer in
 * Japan picks (local midnight of their device).
 */
export function japanMidnight(ymd: string): Date {
  const d = utcDay(ymd);
  if (!d) throw new Error(`series: not a day: ${ymd}`);
  return new Date(d.getTime() - JAPAN_OFFSET_MS);
}

/** The weekday (0 = 日) of a yyyy-MM-dd day. */
export function weekdayOf(ymd: string): number {
  return utcDay(ymd)?.getUTCDay() ?? 0;
}

/** The date event's id: the series and the day, so two runs can only ever make the same one. */
export function dateEventId(seriesId: string, ymd: string): string {
  return `${seriesId}-${ymd.replaceAll('-', '')}`;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

/** A stored series document as the generator reads it (missing or odd values as defaults). */
export function seriesRecordOf(id: string, d: Record<string, unknown>): SeriesRecord {
  const template: Record<string, unknown> = {};
  for (const key of SERIES_TEMPLATE_KEYS) if (d[key] !== undefined) template[key] = d[key];
  const pick = <T extends string>(v: unknown, list: readonly T[], fallback: T): T =>
    list.includes(v as T) ? (v as T) : fallback;
  return {
    id,
    status: pick(d.status, SERIES_STATUSES, 'active'),
    nextDate: str(d.nextDate),
    frequency: pick(d.frequency, SERIES_FREQUENCIES, 'weekly'),
    weekdays: Array.isArray(d.weekdays)
      ? d.weekdays.filter((w): w is number => typeof w === 'number')
      : [],
    monthlyMode: pick(d.monthlyMode, MONTHLY_MODES, 'nthWeekday'),
    nth: num(d.nth, 1),
    monthDay: num(d.monthDay, 1),
    firstDate: str(d.firstDate),
    end: pick(d.end, SERIES_ENDS, 'none'),
    until: str(d.until),
    count: num(d.count, 0),
    template,
  };
}

/** 「木曜」, 「月・木曜」: the weekdays in the week's order from Monday. */
function weekdaysLabel(weekdays: readonly number[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const days = order.filter((w) => weekdays.includes(w)).map((w) => WEEKDAY_LABELS[w]);
  return days.length > 0 ? `${days.join('・')}曜` : '';
}

/** The rule in words without the time: 「毎週木曜」「隔週土曜」「毎月第2土曜」「毎月15日」. */
export function seriesRuleLabel(
  rule: Pick<
    SeriesRule,
    'frequency' | 'weekdays' | 'monthlyMode' | 'nth' | 'monthDay' | 'firstDate'
  >,
): string {
  const weekdays = rule.weekdays.length > 0 ? rule.weekdays : [weekdayOf(rule.firstDate)];
  if (rule.frequency === 'monthly') {
    if (rule.monthlyMode === 'monthDay') return `毎月${rule.monthDay}日`;
    const nth = rule.nth === -1 ? '最終' : `第${rule.nth}`;
    return `毎月${nth}${weekdaysLabel(weekdays.slice(0, 1))}`;
  }
  return `${SERIES_FREQUENCY_LABELS[rule.frequency]}${weekdaysLabel(weekdays)}`;
}

/** The rule with the time, as the series page heads it: 「毎週木曜 19:00〜21:00」. */
export function seriesScheduleLabel(
  rule: Parameters<typeof seriesRuleLabel>[0],
  startTime: string,
  endTime: string,
): string {
  const time = startTime ? (endTime ? `${startTime}〜${endTime}` : `${startTime}〜`) : '';
  return time ? `${seriesRuleLabel(rule)} ${time}` : seriesRuleLabel(rule);
}

/** The end in words: 「2027年3月31日まで」「全10回」「終了日なし」. */
export function seriesEndLabel(rule: Pick<SeriesRule, 'end' | 'until' | 'count'>): string {
  if (rule.end === 'count') return `全${rule.count}回`;
  if (rule.end === 'until') {
    const m = YMD.exec(rule.until);
    return m ? `${Number(m[1])}年${Number(m[2])}月${Number(m[3])}日まで` : '';
  }
  return '終了日なし';
}
