import { queryOptions, skipToken, useQueryClient } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { SeriesInput } from '@/data/ports/series';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { useMutation } from '@/lib/use-mutation';

/** The series feature's queries: a series, and its dates (docs/series.md). */
export const seriesQueries = {
  all: ['series'] as const,
  detail: (id: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['series', id] as const,
      queryFn: backend ? () => backend.series.get(id) : skipToken,
    }),
  dates: (id: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['series', id, 'dates'] as const,
      queryFn: backend ? () => backend.series.dates(id) : skipToken,
    }),
  regulars: (id: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['series', id, 'regulars'] as const,
      queryFn: backend ? () => backend.seriesRegulars.list(id) : skipToken,
    }),
};

/** What a regular or the organizer does on a series page (docs/series.md "Regulars"). */
export type RegularAction =
  | { kind: 'join' }
  | { kind: 'leave' }
  | { kind: 'accept'; uid: string }
  | { kind: 'remove'; uid: string }
  | { kind: 'skip'; eventId: string };

/**
 * The regulars' actions; each refreshes the series' regulars and dates (the server placed or
 * moved people on them) and the dates' event pages.
 */
export function useRegularAction(seriesId: string) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (a: RegularAction) => {
      const r = backend.seriesRegulars;
      if (a.kind === 'join') return r.join(seriesId);
      if (a.kind === 'leave') return r.leave(seriesId);
      if (a.kind === 'accept') return r.accept(seriesId, a.uid);
      if (a.kind === 'remove') return r.remove(seriesId, a.uid);
      return r.skip(seriesId, a.eventId);
    },
    onSettled: () => refreshQueries(qc, [['series', seriesId], ['events']]),
  });
}

/**
 * 「シリーズを終了」: the series ends and its dates to come are cancelled (on the server), so the
 * series, its dates and every event list are read again.
 */
export function useEndSeries(id: string) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => backend.series.end(id),
    onSuccess: () => refreshQueries(qc, [seriesQueries.all, ['events']]),
  });
}

/** Creating a series; its first dates come with it (series.create asks the server for them). */
export function useCreateSeries() {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (input: SeriesInput) => backend.series.create(input),
    onSuccess: () => refreshQueries(qc, [seriesQueries.all, ['events']]),
  });
}
