import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/domain/errors';
import { PasswordChangeForm, useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { ProfileForm } from '../components/profile-form';
import { ProfileMissing } from '../components/profile-missing';
import { profileQueries } from '../profile-queries';

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

/** The profile form, once both halves of the profile are loaded. */
function ProfileEditor({ uid }: { uid: string }) {
  const backend = useBackend();
  const profile = useQuery(profileQueries.detail(uid, backend));
  // Owner-only: not fetched once the session has moved on (sign-out, another user).
  const me = useCurrentUser();
  const privateProfile = useQuery({
    ...profileQueries.private(uid, backend),
    enabled: me?.uid === uid,
  });
  if (profile.isPending || privateProfile.isPending) {
    return <Spinner label="プロフィールを読み込み中…" className="py-8" />;
  }
  if (profile.isError || privateProfile.isError) {
    return (
      <ErrorState
        message={errorMessage(
          profile.error ?? privateProfile.error,
          'プロフィールを読み込めませんでした',
        )}
        onRetry={() => {
          void profile.refetch();
          void privateProfile.refetch();
        }}
      />
    );
  }
  if (!profile.data) return <ProfileMissing onRetry={() => void profile.refetch()} />;
  return <ProfileForm profile={profile.data} privateProfile={privateProfile.data} />;
}

export default function ProfileSettingsPage() {
  const user = useCurrentUser();
  return (
    <Page title="プロフィール設定" narrow>
      <div className="space-y-6">
        <Section id="settings-profile" title="プロフィール">
          {user ? <ProfileEditor uid={user.uid} /> : null}
        </Section>
        <Section id="settings-mail" title="メール通知">
          <p className="text-sm text-slate-700">
            参加リクエストの承認・見送りや新しいメッセージをメールで受け取るかどうかを選べます。
          </p>
          <Link to="/email-settings" className={buttonClass('secondary', 'mt-4')}>
            メール設定を開く
          </Link>
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
