import type { TeamFilters } from '@/data/ports/teams';
import { REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import { normalizeTeamFilters } from './team-queries';

/** URL parameter names of the team list filters: short, readable and stable for shared links. */
const PARAM = { sportType: 'sport', region: 'region', recruitingOnly: 'recruiting' } as const;

function oneOf(list: readonly string[], value: string | null): string | undefined {
  return value !== null && list.includes(value) ? value : undefined;
}

/** Reads the filters from the URL; values that are not among the choices are ignored. */
export function teamFiltersFromParams(params: URLSearchParams): TeamFilters {
  return normalizeTeamFilters({
    sportType: oneOf(SPORT_TYPES, params.get(PARAM.sportType)),
    region: oneOf(REGIONS, params.get(PARAM.region)),
    recruitingOnly: params.get(PARAM.recruitingOnly) === '1',
  });
}

/** The URL parameters for a set of filters, in a fixed order; unset filters are left out. */
export function paramsFromTeamFilters(filters: TeamFilters): URLSearchParams {
  const f = normalizeTeamFilters(filters);
  const params = new URLSearchParams();
  if (f.sportType) params.set(PARAM.sportType, f.sportType);
  if (f.region) params.set(PARAM.region, f.region);
  if (f.recruitingOnly) params.set(PARAM.recruitingOnly, '1');
  return params;
}
