import { DomainError } from '@/domain/errors';
import { decideCreate } from '@/domain/rules/events';
import type { Actor } from '@/domain/rules/standing';
import {
  HEADCOUNT_MODES,
  RELATIVE_HEADCOUNT_DEADLINES,
  minRefusalOf,
  type MinHeadcount,
} from '@/domain/headcount';
import {
  MONTHLY_MODES,
  SERIES_COUNT_MAX,
  SERIES_ENDS,
  SERIES_FREQUENCIES,
  type SeriesRule,
} from '@/domain/series';

/** What a new series takes besides the event form: the rule (the form's day is its first date). */
export type SeriesRuleInput = Omit<SeriesRule, 'firstDate'>;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** The rule's own checks (firestore.rules agree): known values, weekdays 0–6, an end after the start. */
export function assertValidRule(rule: SeriesRule): void {
  const ok =
    SERIES_FREQUENCIES.includes(rule.frequency) &&
    MONTHLY_MODES.includes(rule.monthlyMode) &&
    SERIES_ENDS.includes(rule.end) &&
    Array.isArray(rule.weekdays) &&
    rule.weekdays.length >= 1 &&
    rule.weekdays.length <= 7 &&
    new Set(rule.weekdays).size === rule.weekdays.length &&
    rule.weekdays.every((w) => Number.isInteger(w) && w >= 0 && w <= 6) &&
    [1, 2, 3, 4, -1].includes(rule.nth) &&
    Number.isInteger(rule.monthDay) &&
    rule.monthDay >= 1 &&
    rule.monthDay <= 31 &&
    (rule.end !== 'until' || (YMD.test(rule.until) && rule.until >= rule.firstDate)) &&
    (rule.end !== 'count' ||
      (Number.isInteger(rule.count) && rule.count >= 1 && rule.count <= SERIES_COUNT_MAX));
  if (!ok) throw new DomainError('invalidSeriesRule');
}

/**
 * The template's minimum headcount (docs/series.md "Minimum headcount"): the minimum as an
 * event's (minRefusalOf), a mode from the list and a deadline relative to each date (前日 18:00
 * or 当日 開始3時間前: a set time fits one date only). firestore.rules agree.
 */
export function assertValidSeriesHeadcount(setting: MinHeadcount, capacity: number): void {
  const refusal = minRefusalOf(setting.min, capacity);
  if (refusal) throw new DomainError(refusal);
  if (
    !HEADCOUNT_MODES.includes(setting.mode) ||
    !(RELATIVE_HEADCOUNT_DEADLINES as readonly string[]).includes(setting.deadline)
  ) {
    throw new DomainError('invalidEventInput');
  }
}

/**
 * Creating a series: who may create an event may create a series (decideCreate: a verified,
 * active account; the event's fields as the form checks them; a first date and start not in the
 * past), the rule must hold (assertValidRule), and so must a minimum headcount when one is set
 * (assertValidSeriesHeadcount). The event fields are what every date copies.
 */
export function decideSeriesCreate(
  actor: Actor | null,
  input: { event: unknown; rule: SeriesRuleInput; minHeadcount?: MinHeadcount | null },
  now: Date,
) {
  const decided = decideCreate(actor, input.event, now);
  const rule: SeriesRule = {
    frequency: input.rule.frequency,
    weekdays: [...input.rule.weekdays].sort((a, b) => a - b),
    monthlyMode: input.rule.monthlyMode,
    nth: input.rule.nth,
    monthDay: input.rule.monthDay,
    firstDate: decided.fields.date,
    end: input.rule.end,
    until: input.rule.end === 'until' ? input.rule.until : '',
    count: input.rule.end === 'count' ? input.rule.count : 0,
  };
  assertValidRule(rule);
  const setting = input.minHeadcount ?? null;
  if (setting) assertValidSeriesHeadcount(setting, decided.fields.capacity ?? 0);
  const minHeadcount = setting
    ? { min: setting.min, mode: setting.mode, deadline: setting.deadline }
    : null;
  return { fields: decided.fields, organizerId: decided.organizerId, rule, minHeadcount };
}
