import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { CharCount } from '@/components/ui/form-field';

const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none disabled:bg-slate-100';

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

interface FieldProps extends InputProps {
  /** The visible label; also the input's accessible name (keep it free of extra text). */
  label: string;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email';
  /** A counter (`count` of `limit` characters) under the input; text beyond it stays as typed. */
  count?: number;
  limit?: number;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A text input with its label, hint and error, wired for screen readers. */
export function TextField({
  label,
  error,
  hint,
  type = 'text',
  className = '',
  count,
  limit,
  ...input
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const counted = count !== undefined && limit !== undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!error && errorId, !!hint && hintId, counted && counterId)}
        className={`${inputClass} ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {counted ? (
        <CharCount id={counterId} count={count} max={limit} className="mt-1 text-right" />
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface PasswordFieldProps extends InputProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A password input with a show/hide toggle; the toggle never submits and keeps the input's value. */
export function PasswordField({
  label,
  error,
  hint,
  className = '',
  ...input
}: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(!!error && errorId, !!hint && hintId)}
          className={`${inputClass} pr-16 ${error ? 'border-red-500' : 'border-slate-300'}`}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? '入力内容を隠す' : '入力内容を表示する'}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex min-w-14 items-center justify-center rounded-r-md px-3 text-sm font-medium text-brand-700 hover:bg-slate-50"
        >
          {visible ? '隠す' : '表示'}
        </button>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  ref?: Ref<HTMLInputElement>;
  children: ReactNode;
  error?: string;
}

/** A checkbox whose label may hold links (the terms agreement). */
export function CheckboxField({ children, error, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {children}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A form-level message (a refusal from the service that belongs to no single field). */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {children}
    </div>
  );
}

/** A quiet success or information message, announced politely. */
export function FormNotice({
  children,
  tone = 'success',
}: {
  children?: ReactNode;
  tone?: 'success' | 'info';
}) {
  if (!children) return null;
  const colors =
    tone === 'success'
      ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
      : 'border-sky-200 bg-sky-50 text-sky-900';
  return (
    <div role="status" className={`rounded-md border px-4 py-3 text-sm ${colors}`}>
      {children}
    </div>
  );
}

/** The white card every account screen sits in. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      {children}
    </div>
  );
}
