import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { AuthCard } from '../form-fields';
import { useSession } from '../session';

export default function RegistrationCompletePage() {
  const { state } = useSession();
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
