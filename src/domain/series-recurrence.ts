/*
 * The recurrence of a series (docs/series.md "Dates"): its days, computed with the rrule
 * package, and what one run of the date generator creates. Only the generator
 * (mail/handlers/series-dates.ts, on both backends) loads it, so no screen downloads rrule. The
 * Cloud Functions compile it with their own code: it imports nothing else of the app.
 */
import * as rruleModule from 'rrule';
import {
  SERIES_COUNT_MAX,
  SERIES_DATES_PER_RUN_MAX,
  SERIES_NO_NEXT_DATE,
  SERIES_TEMPLATE_KEYS,
  SERIES_WINDOW_DAYS,
  addDays,
  japanMidnight,
  japanToday,
  seriesRuleLabel,
  utcDay,
  weekdayOf,
  ymdOfUtc,
  type SeriesRecord,
  type SeriesRule,
} from './series.js';
import { decideAtFor, isRelativeDeadline, minHeadcountOf, startAtTime } from './headcount.js';

/**
 * rrule ships an ES module for bundlers and a UMD file for Node, whose namespace holds the
 * library under `default`: this reads the classes from whichever was loaded. (Reflect.get, so
 * the bundler does not warn about a `default` the ES module does not export.)
 */
const umdDefault = Reflect.get(rruleModule, 'default') as typeof rruleModule | undefined;
const lib: typeof rruleModule = umdDefault?.RRule !== undefined ? umdDefault : rruleModule;

function rruleOf(rule: SeriesRule): rruleModule.RRule | null {
  const dtstart = utcDay(rule.firstDate);
  if (!dtstart) return null;
  // rrule's weekdays start at Monday (MO = 0); the stored ones at Sunday (日 = 0).
  const byweekday = [...new Set(rule.weekdays)]
    .filter((w) => Number.isInteger(w) && w >= 0 && w <= 6)
    .sort()
    .map((w) => (w + 6) % 7);
  const end: Partial<rruleModule.Options> =
    rule.end === 'count'
      ? { count: Math.max(1, Math.min(SERIES_COUNT_MAX, Math.floor(rule.count))) }
      : rule.end === 'until' && utcDay(rule.until)
        ? { until: utcDay(rule.until)! }
        : {};
  const base = { dtstart, tzid: null, ...end };
  if (rule.frequency === 'monthly') {
    if (rule.monthlyMode === 'monthDay') {
      return new lib.RRule({ ...base, freq: lib.RRule.MONTHLY, bymonthday: [rule.monthDay] });
    }
    const weekday = byweekday[0] ?? (weekdayOf(rule.firstDate) + 6) % 7;
    return new lib.RRule({
      ...base,
      freq: lib.RRule.MONTHLY,
      byweekday: [new lib.Weekday(weekday, rule.nth === -1 ? -1 : rule.nth)],
    });
  }
  return new lib.RRule({
    ...base,
    freq: lib.RRule.WEEKLY,
    interval: rule.frequency === 'biweekly' ? 2 : 1,
    byweekday: byweekday.length > 0 ? byweekday : [(weekdayOf(rule.firstDate) + 6) % 7],
    // Weeks start on Monday, so 隔週 counts weeks as a Japanese calendar shows them.
    wkst: lib.RRule.MO,
  });
}

/** The rule's days in [from, to] (yyyy-MM-dd, both included), first first, at most `limit`. */
export function seriesDays(rule: SeriesRule, from: string, to: string, limit: number): string[] {
  const r = rruleOf(rule);
  const a = utcDay(from);
  const b = utcDay(to);
  if (!r || !a || !b || a > b) return [];
  const out: string[] = [];
  r.between(a, b, true, (d) => {
    out.push(ymdOfUtc(d));
    return out.length < limit;
  });
  return out;
}

/** The rule's first day on or after `from`, or null when it has none left. */
export function nextSeriesDay(rule: SeriesRule, from: string): string | null {
  const r = rruleOf(rule);
  const a = utcDay(from);
  if (!r || !a) return null;
  const d = r.after(a, true);
  return d ? ymdOfUtc(d) : null;
}

/** What one run creates for a series: the days, and the series' next day to create after them. */
export interface GenerationPlan {
  days: string[];
  nextDate: string;
}

/**
 * The days of the window (today in Japan through SERIES_WINDOW_DAYS ahead) a series still
 * lacks: from its nextDate on, never a day gone by (a run that comes late does not make dates
 * in the past), at most SERIES_DATES_PER_RUN_MAX. Null when nothing is due: the series is
 * ended, done, or its next day lies beyond the window.
 */
export function planGeneration(series: SeriesRecord, now: Date): GenerationPlan | null {
  if (series.status !== 'active' || series.nextDate === SERIES_NO_NEXT_DATE) return null;
  const today = japanToday(now);
  const horizon = addDays(today, SERIES_WINDOW_DAYS);
  const from = [series.nextDate || series.firstDate, today].sort().at(-1)!;
  if (from > horizon) return null;
  const days = seriesDays(series, from, horizon, SERIES_DATES_PER_RUN_MAX);
  const last = days.at(-1);
  const after =
    days.length === SERIES_DATES_PER_RUN_MAX && last ? addDays(last, 1) : addDays(horizon, 1);
  const next = nextSeriesDay(series, after) ?? SERIES_NO_NEXT_DATE;
  if (days.length === 0 && next === series.nextDate) return null;
  return { days, nextDate: next };
}

/** The days a run looks for due series up to: whose nextDate is on or before this day. */
export function generationHorizon(now: Date): string {
  return addDays(japanToday(now), SERIES_WINDOW_DAYS);
}

/**
 * The template's minimum headcount on a date at `day`: the setting with that date's own decision
 * time (decideAtFor, as the event page computes it), or nothing when the template has none, or
 * when that time has gone by already (a date made the evening before would be decided at once,
 * before anyone could join).
 */
function dateHeadcount(
  template: Record<string, unknown>,
  day: Date,
  now: Date,
): Record<string, unknown> {
  const setting = minHeadcountOf(template.minHeadcount);
  if (!setting || !isRelativeDeadline(setting.deadline)) return {};
  const startTime = typeof template.startTime === 'string' ? template.startTime : '';
  const at = decideAtFor(setting.deadline, day, startAtTime(day, startTime), null);
  return at && at.getTime() > now.getTime() ? { minHeadcount: setting, headcountDecideAt: at } : {};
}

/**
 * A date's event document (without its creation times, which the store adds): the template's
 * fields, the day as Japan's midnight, the template's minimum headcount with this date's own
 * decision time, open with nobody in yet, and the series it belongs to with the rule in words
 * for the list's card.
 */
export function dateEventData(
  series: SeriesRecord,
  ymd: string,
  now: Date,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of SERIES_TEMPLATE_KEYS) {
    if (series.template[key] !== undefined && key !== 'minHeadcount') {
      data[key] = series.template[key];
    }
  }
  const date = japanMidnight(ymd);
  return {
    ...data,
    ...dateHeadcount(series.template, date, now),
    date,
    status: 'open',
    participants: [],
    waitlist: [],
    seriesId: series.id,
    seriesDay: ymd,
    seriesLabel: seriesRuleLabel(series),
  };
}
