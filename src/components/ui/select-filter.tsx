import { useId } from 'react';
import { Options } from './form-field';

export const filterControlClass =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-10 sm:text-sm';
export const filterLabelClass = 'mb-1 block text-xs font-semibold text-slate-600';

/** A list filter: one choice among `options`, or すべて (undefined). */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select
        id={id}
        className={filterControlClass}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <Options values={options} empty="すべて" />
      </select>
    </div>
  );
}

/** A yes/no list filter: checked, or unset (undefined) when cleared. */
export function CheckboxFilter({
  label,
  checked,
  onChange,
  className = '',
}: {
  label: string;
  checked: boolean;
  onChange: (value: true | undefined) => void;
  className?: string;
}) {
  return (
    <label
      className={`inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium text-slate-700 ${className}`}
    >
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked || undefined)}
      />
      {label}
    </label>
  );
}

/** 条件をクリア, beside a list's filters. */
export function ClearFiltersButton({
  onClear,
  className = '',
}: {
  onClear: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClear}
      className={`min-h-10 rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 ${className}`}
    >
      条件をクリア
    </button>
  );
}
