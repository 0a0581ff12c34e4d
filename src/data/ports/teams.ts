import type { TeamFormValues } from '@/domain/team-form';

/** What creating or editing a team sends: the parsed team form (src/domain/team-form.ts). */
export type TeamInput = TeamFormValues;

export interface TeamFilters {
  sportType?: string;
  region?: string;
  /** Only teams that are recruiting (メンバー募集中). */
  recruitingOnly?: boolean;
}
