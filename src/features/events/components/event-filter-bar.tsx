import { useId, useState } from 'react';
import type { EventFilters } from '@/data/ports/events';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import {
  CheckboxFilter,
  ClearFiltersButton,
  filterControlClass,
  filterLabelClass,
  SelectFilter,
} from '@/components/ui/select-filter';
import { KeywordSearch } from './keyword-search';

function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={filterControlClass}
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </div>
  );
}

/** The list filters; every change is applied at once (and lands in the URL via the page). */
export function EventFilterBar({
  filters,
  onChange,
  onKeyword,
  onClear,
  canClear,
}: {
  filters: EventFilters;
  onChange: (patch: Partial<EventFilters>) => void;
  onKeyword: (keyword: string) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const panelId = useId();
  // On a phone the conditions fold away under the search box so the results start on the first
  // screen; from md up they are always shown.
  const [expanded, setExpanded] = useState(false);
  const chosen = [
    filters.sportType,
    filters.region,
    filters.level,
    filters.from,
    filters.to,
    filters.openOnly,
    filters.includePast,
  ].filter(Boolean).length;
  return (
    <section
      aria-label="絞り込み"
      className="mb-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:mb-3 sm:p-4"
    >
      <div className="flex gap-2">
        <div role="search" className="min-w-0 flex-1">
          <KeywordSearch value={filters.keyword ?? ''} onCommit={onKeyword} />
        </div>
        <button
          type="button"
          className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 md:hidden"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((v) => !v)}
        >
          条件
          {chosen > 0 ? (
            <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{chosen}</span>
          ) : null}
        </button>
      </div>
      <div id={panelId} className={`${expanded ? 'block' : 'hidden'} md:block`}>
        <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-5">
          <SelectFilter
            label="種目"
            value={filters.sportType}
            options={SPORT_TYPES}
            onChange={(sportType) => onChange({ sportType })}
          />
          <SelectFilter
            label="地域"
            value={filters.region}
            options={REGIONS}
            onChange={(region) => onChange({ region })}
          />
          <SelectFilter
            label="レベル"
            value={filters.level}
            options={LEVELS}
            onChange={(level) => onChange({ level })}
          />
          <div className="col-span-2 grid grid-cols-2 gap-3 md:col-span-2">
            <DateFilter
              label="開催日（から）"
              value={filters.from}
              max={filters.to}
              onChange={(from) => onChange({ from })}
            />
            <DateFilter
              label="開催日（まで）"
              value={filters.to}
              min={filters.from}
              onChange={(to) => onChange({ to })}
            />
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap gap-x-6">
            <CheckboxFilter
              label="募集中のみ"
              checked={filters.openOnly === true}
              onChange={(openOnly) => onChange({ openOnly })}
            />
            <CheckboxFilter
              label="終了したイベントも表示"
              checked={filters.includePast === true}
              onChange={(includePast) => onChange({ includePast })}
            />
          </div>
          {canClear ? <ClearFiltersButton onClear={onClear} /> : null}
        </div>
      </div>
    </section>
  );
}
