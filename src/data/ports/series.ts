import type { SeriesRuleInput } from '@/domain/rules/series';
import type { EventInput } from './events';

/** A new series as the form gives it (docs/series.md). */
export interface SeriesInput {
  /** The event every date copies; its day is the series' first date. Teams are not offered yet. */
  event: Omit<EventInput, 'teamId' | 'teamName'>;
  rule: SeriesRuleInput;
}
