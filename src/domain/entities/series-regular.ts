import * as z from 'zod/mini';
import { optionalTime, text } from './common';
import type { RegularStatus } from '@/domain/series-regulars';

/** A regular of a series (series/{id}/regulars/{uid}, docs/series.md "Regulars") as read. */
export const seriesRegularSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    userId: text(),
    userName: text(),
    status: z.pipe(
      z.nullish(z.string()),
      z.transform((v): RegularStatus => (v === 'accepted' ? 'accepted' : 'pending')),
    ),
    joinedAt: optionalTime,
    skips: z.pipe(
      z.nullish(z.array(z.unknown())),
      z.transform((l) => (l ?? []).filter((v): v is string => typeof v === 'string')),
    ),
  }),
);

export type SeriesRegular = z.output<typeof seriesRegularSchema>;
