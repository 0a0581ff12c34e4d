import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import type { VerifyEmailLocationState } from '../auth-actions';
import { authErrorMessage, isExpectedAuthError } from '../auth-errors';
import { checkEmailVerified, JUST_VERIFIED } from '../email-verification';
import { AuthCard, FormAlert, FormNotice } from '../form-fields';
import { useSession } from '../session';
import { useCooldown } from '../use-cooldown';

/** Seconds between two resends; the service throttles too, this keeps people from hitting it. */
export const RESEND_COOLDOWN_SECONDS = 60;

export default function VerifyEmailPage() {
  const backend = useBackend();
  const { state, refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const routeState = (location.state ?? {}) as VerifyEmailLocationState;
  const [storedEmail] = useState(() => safeStorage.get(STORAGE_KEYS.pendingVerificationEmail));
  const email = routeState.email || storedEmail || state.user?.email || '';
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, routeState.sentAt ?? null);
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const signedIn = state.status === 'signedIn';
  const loginLink = `/login?returnUrl=${encodeURIComponent('/verify-email')}`;

  const resend = async () => {
    setError(null);
    setNotice(null);
    setSending(true);
    try {
      await backend.auth.sendEmailVerification();
      cooldown.start();
      setNotice('確認メールを再送信しました。メールボックスをご確認ください。');
    } catch (e) {
      if (!isExpectedAuthError(e)) logger.error('auth.sendEmailVerification', e);
      setError(authErrorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const check = async () => {
    setError(null);
    setNotice(null);
    setChecking(true);
    try {
      const result = await checkEmailVerified(backend);
      if (result === 'verified') {
        await refresh();
        navigate('/registration-complete', { replace: true, state: JUST_VERIFIED });
        return;
      }
      setError(
        result === 'signedOut'
          ? '確認状態を調べるにはログインしてください。'
          : 'まだメールアドレスの確認が完了していません。メールに記載されたリンクを開いてから、もう一度お試しください。',
      );
    } catch (e) {
      if (!isExpectedAuthError(e)) logger.error('verify-email: check', e);
      setError(authErrorMessage(e));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Page title="メールアドレスの確認" narrow>
      <AuthCard>
        <div className="space-y-4 text-sm leading-relaxed text-slate-700">
          {email ? (
            <p>
              <strong className="font-semibold break-all text-slate-900">{email}</strong>{' '}
              宛てに確認メールを送信しました。
            </p>
          ) : (
            <p>ご登録のメールアドレス宛てに確認メールを送信しました。</p>
          )}
          <p>
            メールに記載されたリンクを開いて、登録を完了してください。メールが見当たらない場合は、迷惑メールフォルダもご確認ください。
          </p>
          {backend.dev ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
              デモ環境ではメールは実際には送信されません。
              <Link to="/dev/outbox" className="ml-1 font-semibold underline">
                送信メール
              </Link>
              から確認用リンクを開けます。
            </p>
          ) : null}
        </div>

        <div className="mt-5 space-y-3">
          <FormAlert>{error}</FormAlert>
          <FormNotice>{notice}</FormNotice>
          {state.user?.emailVerified ? (
            <FormNotice tone="info">このメールアドレスは確認済みです。</FormNotice>
          ) : null}
        </div>

        {signedIn ? (
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Button
              className="sm:flex-1"
              busy={checking}
              busyLabel="確認中…"
              disabled={sending}
              onClick={() => void check()}
            >
              確認しました
            </Button>
            <Button
              variant="secondary"
              className="sm:flex-1"
              busy={sending}
              busyLabel="送信中…"
              disabled={cooldown.remaining > 0 || checking}
              onClick={() => void resend()}
            >
              {cooldown.remaining > 0
                ? `再送信まであと${cooldown.remaining}秒`
                : '確認メールを再送信'}
            </Button>
          </div>
        ) : state.status === 'signedOut' ? (
          <div className="mt-5 space-y-3 text-sm text-slate-700">
            <p>確認メールの再送信や確認状態のチェックには、ログインが必要です。</p>
            <Link to={loginLink} className={buttonClass('primary', 'w-full')}>
              ログインする
            </Link>
          </div>
        ) : null}
      </AuthCard>
    </Page>
  );
}
