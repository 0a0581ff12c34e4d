import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { staffRank, type StaffRank } from '@/domain/rules/staff';
import { isSuspended } from '@/domain/rules/standing';
import { useSession, type SessionUser } from '@/features/auth/public';

export interface Staff {
  user: SessionUser;
  rank: StaffRank;
}

/** The signed-in user's staff rank, or null (signed out, loading, not staff, suspended). */
export function useStaff(): Staff | null {
  const { state } = useSession();
  if (state.status !== 'signedIn') return null;
  const rank = staffRank({ ...state.user, suspended: isSuspended(state.user) });
  return rank ? { user: state.user, rank } : null;
}

/** The login link that brings the visitor back here. */
export function LoginOffer({ message }: { message: string }) {
  const location = useLocation();
  const returnUrl = `${location.pathname}${location.search}${location.hash}`;
  return (
    <>
      <p className="text-slate-600">{message}</p>
      <Link
        to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
        className={buttonClass('primary', 'mt-6')}
      >
        ログインする
      </Link>
    </>
  );
}

export function NoPermission({ children }: { children?: ReactNode }) {
  return (
    <Page title="権限がありません" narrow>
      <p className="text-slate-600">
        {children ?? 'このページは運営スタッフ（管理者・モデレーター）専用です。'}
      </p>
      <Link to="/" className={buttonClass('secondary', 'mt-6')}>
        トップページへ戻る
      </Link>
    </Page>
  );
}

/**
 * The staff screens' own check (their routes are outside the login guard): a visitor is offered
 * the login, a signed-in non-staff user sees 権限がありません, and `children` (which is where
 * every staff query lives) mounts for staff only, so nothing is fetched for anyone else.
 */
export function StaffGate({
  title,
  children,
}: {
  title: string;
  children: (staff: Staff) => ReactNode;
}) {
  const { state } = useSession();
  const staff = useStaff();
  if (state.status === 'loading') return <Spinner label="ログイン状態を確認しています…" />;
  if (state.status === 'signedOut') {
    return (
      <Page title={title} narrow>
        <LoginOffer message="この画面は運営スタッフ専用です。スタッフのアカウントでログインしてください。" />
      </Page>
    );
  }
  if (!staff) {
    return (
      <NoPermission>
        {isSuspended(state.user)
          ? 'このアカウントは利用停止中のため、運営の画面は使えません。'
          : undefined}
      </NoPermission>
    );
  }
  return <>{children(staff)}</>;
}

export function BackToAdmin() {
  return (
    <Link
      to="/admin"
      className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline"
    >
      ← 管理画面へ
    </Link>
  );
}
