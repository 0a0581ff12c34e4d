import { useId } from 'react';
import { CharCount } from '@/components/ui/form-field';

/** A labelled multi-line field with a character counter and its limit. */
export function TextAreaField({
  label,
  value,
  onChange,
  max,
  hint,
  required = false,
  disabled = false,
  rows = 3,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  rows?: number;
}) {
  const id = useId();
  const countId = useId();
  const over = value.length > max;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">
        {label}
        {required ? <span className="ml-1 text-xs text-red-700">（必須）</span> : null}
      </label>
      {hint ? <p className="mt-0.5 text-xs text-slate-500">{hint}</p> : null}
      <textarea
        id={id}
        value={value}
        rows={rows}
        disabled={disabled}
        aria-describedby={countId}
        aria-invalid={over || undefined}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none"
      />
      <CharCount id={countId} count={value.length} max={max} className="mt-1 text-right" />
    </div>
  );
}
