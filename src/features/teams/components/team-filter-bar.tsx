import { CheckboxFilter, ClearFiltersButton, SelectFilter } from '@/components/ui/select-filter';
import type { TeamFilters } from '@/data/ports/teams';
import { REGIONS, SPORT_TYPES } from '@/domain/entities/event';

/** The team list filters; every change applies at once (and lands in the URL via the page). */
export function TeamFilterBar({
  filters,
  onChange,
  onClear,
  canClear,
}: {
  filters: TeamFilters;
  onChange: (patch: Partial<TeamFilters>) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  return (
    <section
      aria-label="絞り込み"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4 md:items-end">
        <SelectFilter
          label="種目"
          value={filters.sportType}
          options={SPORT_TYPES}
          onChange={(sportType) => onChange({ sportType })}
        />
        <SelectFilter
          label="活動地域"
          value={filters.region}
          options={REGIONS}
          onChange={(region) => onChange({ region })}
        />
        <CheckboxFilter
          label="メンバー募集中のみ"
          className="col-span-2 md:col-span-1"
          checked={filters.recruitingOnly === true}
          onChange={(recruitingOnly) => onChange({ recruitingOnly })}
        />
        {canClear ? (
          <ClearFiltersButton
            onClear={onClear}
            className="col-span-2 justify-self-start md:col-span-1 md:justify-self-end"
          />
        ) : null}
      </div>
    </section>
  );
}
