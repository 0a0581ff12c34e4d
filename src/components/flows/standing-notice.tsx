import { Link } from 'react-router-dom';
import { errorMessage, isDomainError } from '@/domain/errors';
import type { WriteRefusal } from '@/domain/rules/standing';
import { buttonClass } from '@/components/ui/button';

const VERIFY_LINK_LABEL = 'メールアドレスを確認する';

/**
 * Shown in place of an action this account may not take (src/domain/rules/standing.ts), so the
 * screen says why before anything fails: an address still to verify (with the way to verify
 * it), or a suspended account. `action` names what the screen offers, as in
 * 「イベントを作成する」.
 */
export function StandingNotice({ refusal, action }: { refusal: WriteRefusal; action: string }) {
  if (refusal === 'emailNotVerified') {
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-950"
      >
        <p className="font-semibold">{action}には、メールアドレスの確認が必要です</p>
        <p className="mt-1 leading-relaxed">
          登録時にお送りした確認メールのリンクを開いてください。メールが見当たらない場合は、確認メールを再送信できます。
        </p>
        <Link to="/verify-email" className={buttonClass('primary', 'mt-3 w-full sm:w-auto')}>
          {VERIFY_LINK_LABEL}
        </Link>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-4 text-sm text-slate-800"
    >
      <p className="font-semibold">このアカウントは利用停止中です</p>
      <p className="mt-1 leading-relaxed">
        利用停止中は{action}ことはできません。閲覧はこれまでどおりご利用いただけます。
      </p>
      <Link to="/contact" className="mt-2 inline-block font-semibold text-brand-800 underline">
        お問い合わせ
      </Link>
    </div>
  );
}

/**
 * A failed action's message where the user can act on it; a refusal for an unverified address
 * also offers the way to verify it.
 */
export function ActionError({
  error,
  fallback,
  className = '',
}: {
  error: unknown;
  /** What to say for a failure that carries no message of the catalogue. */
  fallback?: string;
  className?: string;
}) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}
    >
      <p>{errorMessage(error, fallback)}</p>
      {isDomainError(error, 'emailNotVerified') ? (
        <Link to="/verify-email" className="mt-1 inline-block font-semibold underline">
          {VERIFY_LINK_LABEL}
        </Link>
      ) : null}
    </div>
  );
}
