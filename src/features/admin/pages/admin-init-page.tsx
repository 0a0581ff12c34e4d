import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { SPECIAL_ADMIN_EMAIL } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { isSetupAccount } from '@/domain/rules/staff';
import { useSession } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { InlineError } from '../components/inline-error';
import { LoginOffer, NoPermission, useStaff } from '../components/staff-gate';
import { useInitializeAdmin } from '../staff-mutations';
import { staffQueries } from '../staff-queries';

const TITLE = '管理者の初期設定';

function Done() {
  return (
    <Page title={TITLE} narrow>
      <p className="text-slate-600">初期設定は完了しています。管理者は管理画面から操作できます。</p>
      <Link to="/admin" className={buttonClass('primary', 'mt-6')}>
        管理画面へ
      </Link>
    </Page>
  );
}

/** Set-up state for staff; the set-up account, before any admin exists, may claim the role. */
function Setup({ canClaim }: { canClaim: boolean }) {
  const backend = useBackend();
  const query = useQuery(staffQueries.setup(backend));
  const init = useInitializeAdmin();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (query.isPending) return <Spinner label="設定状況を確認しています…" />;
  if (query.isError) {
    return (
      <Page title={TITLE} narrow>
        <ErrorState
          message={errorMessage(query.error, '設定状況を確認できませんでした')}
          onRetry={() => void query.refetch()}
        />
      </Page>
    );
  }
  if (query.data.adminExists) return <Done />;
  if (!canClaim) {
    return <NoPermission>初期設定は初期設定用のアカウントでのみ行えます。</NoPermission>;
  }
  const claim = () => {
    setError(null);
    init.mutate(undefined, {
      onSuccess: () => setConfirming(false),
      onError: (e) => {
        setConfirming(false);
        setError(errorMessage(e));
      },
    });
  };
  return (
    <Page title={TITLE} narrow>
      <p className="text-slate-600">
        まだ管理者が登録されていません。このアカウントを最初の管理者として登録します。登録後は、管理画面から他のスタッフの役割を設定できます。
      </p>
      <p className="mt-2 text-sm text-slate-500">この操作は一度だけ行えます。</p>
      <InlineError message={error} />
      <Button className="mt-6" busy={init.isPending} onClick={() => setConfirming(true)}>
        管理者として登録する
      </Button>
      <ConfirmDialog
        open={confirming}
        title="このアカウントを管理者にしますか？"
        confirmLabel="登録する"
        busy={init.isPending}
        onConfirm={claim}
        onCancel={() => setConfirming(false)}
      >
        管理者はすべての管理操作（役割の変更・利用停止・イベントの中止など）ができるようになります。
      </ConfirmDialog>
    </Page>
  );
}

/**
 * /admin-init: first-time set-up. Not behind the login guard; its own checks: a visitor is
 * offered the login, the set-up account with an unverified address is sent to verify it,
 * staff see whether set-up is done, and anyone else sees 権限がありません.
 */
export default function AdminInitPage() {
  const { state } = useSession();
  const staff = useStaff();
  if (state.status === 'loading') return <Spinner label="ログイン状態を確認しています…" />;
  if (state.status === 'signedOut') {
    return (
      <Page title={TITLE} narrow>
        <LoginOffer message="初期設定用のアカウントでログインしてください。" />
      </Page>
    );
  }
  const user = state.user;
  const isSetupAddress = user.email.trim().toLowerCase() === SPECIAL_ADMIN_EMAIL;
  if (isSetupAddress && !user.emailVerified) {
    return (
      <Page title={TITLE} narrow>
        <p className="text-slate-600">
          初期設定の前に、このアカウントのメールアドレスを確認してください。
        </p>
        <Link to="/verify-email" className={buttonClass('primary', 'mt-6')}>
          メールアドレスを確認する
        </Link>
      </Page>
    );
  }
  if (!staff) return <NoPermission />;
  return <Setup canClaim={isSetupAccount(user) && staff.rank !== 'admin'} />;
}
