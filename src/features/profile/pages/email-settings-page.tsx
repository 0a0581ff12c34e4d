import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import {
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  type EmailSettings,
  type MailKind,
} from '@/domain/entities/email-settings';
import { errorMessage } from '@/domain/errors';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useSaveEmailSettings } from '../profile-mutations';
import { profileQueries } from '../profile-queries';

/** One on/off switch with its label and description; the whole row toggles it. */
function MailSwitch({
  kind,
  on,
  disabled,
  saving,
  onChange,
}: {
  kind: MailKind;
  on: boolean;
  disabled: boolean;
  saving: boolean;
  onChange: (on: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  const { label, description } = MAIL_KIND_LABELS[kind];
  return (
    <li className="flex items-center justify-between gap-4 border-b border-slate-100 py-4 last:border-b-0">
      <div className="min-w-0">
        <p id={labelId} className="font-semibold text-slate-900">
          {label}
        </p>
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-600">
          {description}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className="w-14 text-right text-xs text-slate-500" aria-hidden="true">
          {saving ? '保存中…' : on ? 'オン' : 'オフ'}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          aria-busy={saving || undefined}
          disabled={disabled}
          onClick={() => onChange(!on)}
          className={`relative inline-flex h-7 w-12 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${on ? 'bg-brand-700' : 'bg-slate-300'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
          />
        </button>
      </div>
    </li>
  );
}

function EmailSettingsForm({ uid, email }: { uid: string; email: string }) {
  const backend = useBackend();
  // Owner-only: not fetched once the session has moved on (sign-out, another user).
  const me = useCurrentUser();
  const settings = useQuery({
    ...profileQueries.emailSettings(uid, backend),
    enabled: me?.uid === uid,
  });
  const save = useSaveEmailSettings(uid);
  if (settings.isPending) return <Spinner label="メール設定を読み込み中…" />;
  if (settings.isError) {
    return (
      <ErrorState
        message={errorMessage(settings.error, 'メール設定を読み込めませんでした')}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const change = (kind: MailKind, on: boolean) => {
    const next: EmailSettings = { ...settings.data, [kind]: on };
    const { label } = MAIL_KIND_LABELS[kind];
    save.mutate(next, {
      onSuccess: () =>
        toast({
          title: on
            ? `「${label}」のメールをオンにしました`
            : `「${label}」のメールをオフにしました`,
          variant: 'success',
        }),
      onError: (e) =>
        toast({
          title: 'メール設定を保存できませんでした',
          description: errorMessage(e, '通信環境を確認して、もう一度お試しください'),
          variant: 'error',
        }),
    });
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="text-sm text-slate-700">
        お知らせメールの送り先:{' '}
        <span className="font-semibold break-all text-slate-900">{email || '未設定'}</span>
      </p>
      <p className="mt-1 text-xs text-slate-500">
        オフにしたお知らせはメールでは届きませんが、サイト内の通知には表示されます。アカウントの確認やパスワードの再設定のメールは、設定にかかわらず送信されます。
      </p>
      <ul className="mt-4" aria-label="メール通知の種類">
        {MAIL_KINDS.map((kind) => (
          <MailSwitch
            key={kind}
            kind={kind}
            on={save.isPending && save.variables ? save.variables[kind] : settings.data[kind]}
            disabled={save.isPending}
            saving={save.isPending && save.variables?.[kind] !== settings.data[kind]}
            onChange={(on) => change(kind, on)}
          />
        ))}
      </ul>
    </div>
  );
}

export default function EmailSettingsPage() {
  const user = useCurrentUser();
  return (
    <Page
      title="メール設定"
      narrow
      actions={
        <Link
          to="/profile/settings"
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          プロフィール設定へ
        </Link>
      }
    >
      {user ? <EmailSettingsForm uid={user.uid} email={user.email} /> : null}
    </Page>
  );
}
