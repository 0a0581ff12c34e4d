import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, isDomainError } from '@/domain/errors';
import { Button } from './button';

export function PanelCard({
  title,
  children,
  badge,
}: {
  title: string;
  children: ReactNode;
  badge?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

export function StatusPill({
  tone,
  children,
}: {
  tone: 'brand' | 'amber' | 'slate' | 'red' | 'green';
  children: ReactNode;
}) {
  const tones = {
    brand: 'bg-brand-50 text-brand-800 ring-brand-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/**
 * A refused action's message where the user acted; a refusal for an unverified email address
 * links to /verify-email, where the verification mail can be sent again.
 */
export function ActionError({ error, fallback }: { error: unknown; fallback?: string }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <p>{errorMessage(error, fallback)}</p>
      {isDomainError(error, 'emailNotVerified') ? (
        <Link to="/verify-email" className="mt-1 inline-block font-semibold underline">
          メールアドレスの確認へ
        </Link>
      ) : null}
    </div>
  );
}

/** A part of a page that could not be read, with a retry; the rest of the page stays usable. */
export function LoadError({
  message,
  onRetry,
  busy = false,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={`text-sm text-red-700 ${className}`}>
      <p>{message}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry} busy={busy}>
        再読み込み
      </Button>
    </div>
  );
}
