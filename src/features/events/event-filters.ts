import type { EventFilters } from '@/data/ports/events';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import { normalizeFilters } from './event-queries';

/** URL parameter names of the list filters: short, readable and stable for shared links. */
const PARAM = {
  sportType: 'sport',
  region: 'region',
  level: 'level',
  from: 'from',
  to: 'to',
  openOnly: 'open',
  keyword: 'q',
  includePast: 'past',
} as const;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Reads the filters from the URL; values that are not among the choices are ignored. */
export function filtersFromParams(params: URLSearchParams): EventFilters {
  const from = params.get(PARAM.from);
  const to = params.get(PARAM.to);
  return normalizeFilters({
    sportType: oneOf(SPORT_TYPES, params.get(PARAM.sportType)),
    region: oneOf(REGIONS, params.get(PARAM.region)),
    level: oneOf(LEVELS, params.get(PARAM.level)),
    from: from && YMD.test(from) ? from : undefined,
    to: to && YMD.test(to) ? to : undefined,
    openOnly: params.get(PARAM.openOnly) === '1',
    keyword: params.get(PARAM.keyword) ?? undefined,
    includePast: params.get(PARAM.includePast) === '1',
  });
}

/** The URL parameters for a set of filters, in a fixed order; unset filters are left out. */
export function paramsFromFilters(filters: EventFilters): URLSearchParams {
  const f = normalizeFilters(filters);
  const params = new URLSearchParams();
  if (f.keyword) params.set(PARAM.keyword, f.keyword);
  if (f.sportType) params.set(PARAM.sportType, f.sportType);
  if (f.region) params.set(PARAM.region, f.region);
  if (f.level) params.set(PARAM.level, f.level);
  if (f.from) params.set(PARAM.from, f.from);
  if (f.to) params.set(PARAM.to, f.to);
  if (f.openOnly) params.set(PARAM.openOnly, '1');
  if (f.includePast) params.set(PARAM.includePast, '1');
  return params;
}

export function hasActiveFilters(filters: EventFilters): boolean {
  return Object.keys(normalizeFilters(filters)).length > 0;
}
