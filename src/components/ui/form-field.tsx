import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

/** The look of text inputs, selects and text areas; an invalid one shows a red border. */
export const controlClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-100 sm:text-sm';

/** What a control needs to be wired to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  className: string;
}

/**
 * A labelled form control (with 必須 when required) with an optional hint, a character counter
 * (`count` of `max`) and its error beside it; the control itself comes from `children`, already
 * wired for screen readers. The error is `error`, or for a react-hook-form field given by `form`
 * and `name`, that field's error.
 */
export function FormField<T extends FieldValues = FieldValues, V = T>({
  label,
  error: givenError,
  form,
  name,
  required = false,
  hint,
  count,
  max,
  children,
}: {
  label: string;
  error?: string;
  form?: UseFormReturn<T, unknown, V>;
  name?: FieldPath<T>;
  required?: boolean;
  hint?: ReactNode;
  count?: number;
  max?: number;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const error =
    givenError ??
    (form && name ? form.getFieldState(name, form.formState).error?.message : undefined);
  const counted = count !== undefined && max !== undefined;
  const describedBy =
    [hint ? hintId : '', counted ? counterId : '', error ? errorId : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {required ? <span className="ml-1 text-xs font-semibold text-red-700">必須</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        className: controlClass,
      })}
      <div className="mt-1 flex items-start justify-between gap-3">
        <div className="min-w-0">
          {hint ? (
            <p id={hintId} className="text-xs text-slate-600">
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        {counted ? <CharCount id={counterId} count={count} max={max} className="shrink-0" /> : null}
      </div>
    </div>
  );
}

/**
 * "n / max文字" under a limited text field, red once the text is longer: the text stays as typed
 * and the form refuses it, saying the limit.
 */
export function CharCount({
  id,
  count,
  max,
  className = '',
}: {
  id: string;
  count: number;
  max: number;
  className?: string;
}) {
  return (
    <p
      id={id}
      className={`text-xs tabular-nums ${count > max ? 'font-semibold text-red-700' : 'text-slate-600'} ${className}`}
    >
      {count} / {max}文字
    </p>
  );
}

/** The <option>s of a select: an optional empty choice first, then each value as its own label. */
export function Options({ values, empty }: { values: readonly string[]; empty?: string }) {
  return (
    <>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </>
  );
}
