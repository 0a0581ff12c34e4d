import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { PasswordChangeForm } from '@/features/auth/password-change-form';
import { useCurrentUser } from '@/features/auth/session';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ProfileSettingsPage() {
  const user = useCurrentUser();
  return (
    <Page title="プロフィール設定" narrow>
      <div className="space-y-6">
        <Section id="settings-profile" title="プロフィール">
          {/* Editing name, photo, bio and the rest belongs to the profile feature, not built yet. */}
          <p className="text-sm leading-relaxed text-slate-700">
            表示名・写真・自己紹介などのプロフィール編集は、現在準備中です。公開されているプロフィールはマイプロフィールで確認できます。
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/profile" className={buttonClass('secondary')}>
              マイプロフィールへ
            </Link>
            <Link to="/email-settings" className={buttonClass('ghost')}>
              メール設定
            </Link>
          </div>
        </Section>
        <Section id="settings-password" title="パスワードの変更">
          {user?.email ? (
            <p className="mb-4 text-sm text-slate-600">
              ログイン中のメールアドレス: <span className="break-all">{user.email}</span>
            </p>
          ) : null}
          <PasswordChangeForm />
        </Section>
      </div>
    </Page>
  );
}
