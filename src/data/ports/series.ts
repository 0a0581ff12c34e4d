import type { MinHeadcount } from '@/domain/headcount';
import type { SeriesRuleInput } from '@/domain/rules/series';
import type { EventInput } from './events';

/** A new series as the form gives it (docs/series.md). */
export interface SeriesInput {
  /** The event every date copies; its day is the series' first date. Teams are not offered yet. */
  event: Omit<EventInput, 'teamId' | 'teamName'>;
  rule: SeriesRuleInput;
  /** The minimum headcount every date takes, its deadline relative to each date; none when null. */
  minHeadcount?: MinHeadcount | null;
}
