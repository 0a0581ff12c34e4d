import { useId } from 'react';
import { SelectFilter } from '@/components/ui/select-filter';
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
  const recruitingId = useId();
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
        <label
          htmlFor={recruitingId}
          className="col-span-2 inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700 md:col-span-1"
        >
          <input
            id={recruitingId}
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            checked={filters.recruitingOnly === true}
            onChange={(e) => onChange({ recruitingOnly: e.target.checked || undefined })}
          />
          メンバー募集中のみ
        </label>
        {canClear ? (
          <button
            type="button"
            onClick={onClear}
            className="col-span-2 min-h-10 justify-self-start rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 md:col-span-1 md:justify-self-end"
          >
            条件をクリア
          </button>
        ) : null}
      </div>
    </section>
  );
}
