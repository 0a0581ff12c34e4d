import { Link } from 'react-router-dom';
import { buttonClass } from './button';
import { PanelCard } from './panel-card';

/** A visitor who is not signed in: why, and the way to sign in and come back. */
export function SignInToJoin({
  title,
  reason,
  returnUrl,
  label = 'ログインして参加をリクエスト',
}: {
  title: string;
  reason: string;
  returnUrl: string;
  label?: string;
}) {
  return (
    <PanelCard title={title}>
      <p className="text-sm text-slate-600">{reason}</p>
      <Link
        to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
        className={buttonClass('primary', 'mt-3 w-full')}
      >
        {label}
      </Link>
    </PanelCard>
  );
}
