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
};

/**
 * Creating a series. On the local backend the open app makes its first dates at once (the
 * generator's own run for this series); on Firebase the Cloud Function's trigger does, and the
 * series page waits for them.
 */
export function useCreateSeries() {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async (input: SeriesInput) => {
      const id = await backend.series.create(input);
      await backend.scheduled?.runSeriesDates(id);
      return id;
    },
    onSuccess: () => refreshQueries(qc, [seriesQueries.all, ['events']]),
  });
}
