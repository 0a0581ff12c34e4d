import * as z from 'zod/mini';
import { count, optionalTime, text } from './common';
import {
  MONTHLY_MODES,
  SERIES_ENDS,
  SERIES_FREQUENCIES,
  SERIES_STATUSES,
  type MonthlyMode,
  type SeriesEnd,
  type SeriesFrequency,
  type SeriesStatus,
} from '@/domain/series';
import { DEFAULT_ENTRY_METHOD, type EntryMethod } from './event';
import { minHeadcountOf } from '@/domain/headcount';

const oneOf = <T extends string>(list: readonly T[], fallback: T) =>
  z.pipe(
    z.nullish(z.string()),
    z.transform((v): T => (list.includes(v as T) ? (v as T) : fallback)),
  );

/**
 * A series (series/{id}, docs/series.md) as the app reads it: the rule, the event every date
 * copies, its status and the next day the generator creates.
 */
export const seriesSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    organizerId: text(),
    organizerName: text(),
    title: text(),
    description: text(),
    sportType: text(),
    location: text(),
    region: text(),
    level: text(),
    startTime: text(),
    endTime: text(),
    fee: count,
    capacity: count,
    entryMethod: z.pipe(
      z.nullish(z.string()),
      z.transform((v): EntryMethod => (v === 'firstCome' ? 'firstCome' : DEFAULT_ENTRY_METHOD)),
    ),
    imageURL: text(),
    /** The minimum headcount every date takes (a relative deadline), or null. */
    minHeadcount: z.pipe(z.optional(z.unknown()), z.transform(minHeadcountOf)),
    frequency: oneOf<SeriesFrequency>(SERIES_FREQUENCIES, 'weekly'),
    weekdays: z.pipe(
      z.nullish(z.array(z.unknown())),
      z.transform((l) => (l ?? []).filter((v): v is number => typeof v === 'number')),
    ),
    monthlyMode: oneOf<MonthlyMode>(MONTHLY_MODES, 'nthWeekday'),
    nth: count,
    monthDay: count,
    firstDate: text(),
    end: oneOf<SeriesEnd>(SERIES_ENDS, 'none'),
    until: text(),
    count: count,
    status: oneOf<SeriesStatus>(SERIES_STATUSES, 'active'),
    nextDate: text(),
    createdAt: optionalTime,
  }),
);

export type Series = z.output<typeof seriesSchema>;
