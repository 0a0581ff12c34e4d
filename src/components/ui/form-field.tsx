import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-100 sm:text-sm';

/**
 * One labelled field of a react-hook-form form: its label (with 必須), a hint and the field's
 * error, tied to the control by id and aria-describedby. The control itself is the caller's.
 */
export function FormField<T extends FieldValues, V = T>({
  form,
  name,
  label,
  required = false,
  hint,
  children,
}: {
  form: UseFormReturn<T, unknown, V>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const id = useId();
  const error = form.getFieldState(name, form.formState).error?.message;
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {required ? <span className="ml-1 text-xs font-semibold text-red-600">必須</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        className: inputClass,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
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
