import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import type { Backend } from '@/data/ports/backend';
import { Spinner } from '@/components/ui/spinner';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import type { VerifyEmailLocationState } from '../auth-actions';
import { authErrorMessage, isExpectedAuthError } from '../auth-errors';
import { applyVerificationLink, checkResetLink, JUST_VERIFIED } from '../email-verification';
import { AuthCard } from '../form-fields';
import { useSession } from '../session';

type Mode = 'verifyEmail' | 'resetPassword';

type Failure = { kind: 'failed'; mode: Mode | null; message: string };
type Outcome = { kind: 'verified' } | { kind: 'reset'; oobCode: string } | Failure;

const INVALID_LINK =
  'このリンクは無効です。メールに記載されたリンクをもう一度開くか、メールを再送信してください。';

function parseMode(raw: string | null): Mode | null {
  return raw === 'verifyEmail' || raw === 'resetPassword' ? raw : null;
}

async function runAction(backend: Backend, mode: Mode | null, code: string): Promise<Outcome> {
  if (!mode || !code) return { kind: 'failed', mode, message: INVALID_LINK };
  try {
    if (mode === 'verifyEmail') {
      await applyVerificationLink(backend, code);
      return { kind: 'verified' };
    }
    await checkResetLink(backend, code);
    return { kind: 'reset', oobCode: code };
  } catch (e) {
    if (!isExpectedAuthError(e)) logger.error('email action', e);
    return { kind: 'failed', mode, message: authErrorMessage(e) };
  }
}

/**
 * /auth/action and /action: where the links in verification and reset emails land. A verified
 * address goes on to /registration-complete; a reset link goes on to /new-password to choose the
 * password; a bad link explains itself and offers a fresh email.
 */
export default function EmailActionPage() {
  const backend = useBackend();
  const { settle } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = parseMode(params.get('mode'));
  const oobCode = params.get('oobCode') ?? '';
  // The verification link names its address; the resend screen shows it when storage has none.
  const linkEmail = params.get('email') ?? '';
  const [outcome, setOutcome] = useState<Failure | null>(null);
  // An action code works once: StrictMode's second effect run must reuse the first attempt.
  const attempt = useRef<{ key: string; promise: Promise<Outcome> } | null>(null);

  useEffect(() => {
    const key = `${mode}:${oobCode}`;
    if (attempt.current?.key !== key) {
      attempt.current = { key, promise: runAction(backend, mode, oobCode) };
    }
    let active = true;
    void attempt.current.promise.then(async (result) => {
      if (!active) return;
      if (result.kind === 'verified') {
        // applyVerificationLink has reloaded the user already: the session adopts that user
        // instead of reloading it again. Every reload notifies the ID-token listeners, and
        // Firestore tears down and reopens its streams on each notification; one more restart
        // right after the token refresh of markEmailVerified made the closing stream's
        // terminate request fail (a 400 in the console) when the two overlapped.
        await settle().catch((e) => logger.error('session.settle', e));
        if (active) navigate('/registration-complete', { replace: true, state: JUST_VERIFIED });
      } else if (result.kind === 'reset') {
        navigate(`/new-password?oobCode=${encodeURIComponent(result.oobCode)}`, { replace: true });
      } else {
        setOutcome(result);
      }
    });
    return () => {
      active = false;
    };
  }, [backend, mode, oobCode, navigate, settle]);

  if (!outcome) {
    return (
      <Page title={mode === 'resetPassword' ? 'パスワードの再設定' : 'メールアドレスの確認'} narrow>
        <Spinner
          label={
            mode === 'resetPassword' ? 'リンクを確認しています…' : 'メールアドレスを確認しています…'
          }
        />
      </Page>
    );
  }

  return (
    <Page
      title={outcome.mode === 'resetPassword' ? 'パスワードの再設定' : 'メールアドレスの確認'}
      narrow
    >
      <AuthCard>
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {outcome.message}
        </div>
        <div className="mt-5 flex flex-col gap-3">
          {outcome.mode !== 'resetPassword' ? (
            <Link
              to="/verify-email"
              state={
                linkEmail ? ({ email: linkEmail } satisfies VerifyEmailLocationState) : undefined
              }
              className={buttonClass('primary')}
            >
              確認メールを再送信する
            </Link>
          ) : null}
          {outcome.mode !== 'verifyEmail' ? (
            <Link
              to="/reset-password"
              className={buttonClass(outcome.mode === 'resetPassword' ? 'primary' : 'secondary')}
            >
              パスワード再設定メールを再送信する
            </Link>
          ) : null}
          <Link to="/" className={buttonClass('ghost')}>
            トップページへ
          </Link>
        </div>
      </AuthCard>
    </Page>
  );
}
