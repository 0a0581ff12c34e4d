import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { AuthCard } from '../form-fields';

/** Where a password reset ends (also the continue URL of the reset email). */
export default function ResetCompletePage() {
  return (
    <Page title="パスワード再設定の完了" narrow>
      <AuthCard>
        <p role="status" className="text-sm leading-relaxed text-slate-700">
          パスワードを再設定しました。新しいパスワードでログインしてください。
        </p>
        <Link to="/login" className={buttonClass('primary', 'mt-5 w-full')}>
          ログイン画面へ
        </Link>
      </AuthCard>
    </Page>
  );
}
