import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { isJustVerified } from '../email-verification';
import { AuthCard } from '../form-fields';
import { useSession } from '../session';

/**
 * Says registration is complete only when it is: arrived at from a confirmed address (possibly
 * in a browser that is not signed in), or signed in with a verified address. Opened directly by
 * a visitor, it says how registration completes instead of claiming it has.
 */
export default function RegistrationCompletePage() {
  const { state } = useSession();
  const location = useLocation();
  const done =
    isJustVerified(location.state) || (state.status === 'signedIn' && state.user.emailVerified);
  if (!done && state.status === 'loading') {
    return (
      <Page title="アカウント登録" narrow>
        <Spinner />
      </Page>
    );
  }
  if (!done) {
    return (
      <Page title="アカウント登録" narrow>
        <AuthCard>
          <p className="text-sm leading-relaxed text-slate-700">
            アカウントの登録は、新規登録のあとに届く確認メールのリンクを開くと完了します。
          </p>
          <div className="mt-5 flex flex-col gap-3">
            {state.status === 'signedIn' ? (
              <Link to="/verify-email" className={buttonClass('primary')}>
                確認メールについて
              </Link>
            ) : (
              <>
                <Link to="/register" className={buttonClass('primary')}>
                  新規登録
                </Link>
                <Link to="/login" className={buttonClass('secondary')}>
                  ログインする
                </Link>
              </>
            )}
          </div>
        </AuthCard>
      </Page>
    );
  }
  return (
    <Page title="登録が完了しました" narrow>
      <AuthCard>
        <div role="status" className="space-y-2 text-sm leading-relaxed text-slate-700">
          <p>メールアドレスの確認が完了し、アカウントの登録が完了しました。</p>
          <p>さっそくイベントを探して、参加してみましょう。</p>
        </div>
        <div className="mt-5 flex flex-col gap-3">
          <Link to="/events" className={buttonClass('primary')}>
            イベントを探す
          </Link>
          {state.status === 'signedIn' ? (
            <Link to="/profile" className={buttonClass('secondary')}>
              プロフィールを見る
            </Link>
          ) : state.status === 'signedOut' ? (
            <Link to="/login" className={buttonClass('secondary')}>
              ログインする
            </Link>
          ) : null}
        </div>
      </AuthCard>
    </Page>
  );
}
