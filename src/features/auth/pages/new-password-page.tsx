import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { AUTH_FORM_MESSAGES, newPasswordSchema, type NewPasswordForm } from '@/domain/auth-forms';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { authErrorCode, authErrorMessage, isExpectedAuthError } from '../auth-errors';
import { checkResetLink } from '../email-verification';
import { AuthCard, FormAlert, PasswordField } from '../form-fields';
import { preventImeEnterSubmit } from '@/lib/ime';

const MISSING_CODE =
  'パスワード再設定用のリンクが正しくありません。メールに記載されたリンクから開き直すか、再設定メールをもう一度送信してください。';

type LinkState =
  { status: 'checking' } | { status: 'ok'; email: string } | { status: 'bad'; message: string };

function isLinkFailure(e: unknown): boolean {
  const code = authErrorCode(e);
  return code === 'auth/invalid-action-code' || code === 'auth/expired-action-code';
}

function BadLink({ message }: { message: string }) {
  return (
    <AuthCard>
      <div
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        {message}
      </div>
      <Link to="/reset-password" className={buttonClass('primary', 'mt-5 w-full')}>
        パスワード再設定メールを再送信する
      </Link>
    </AuthCard>
  );
}

/** /new-password?oobCode=…: the new password (with confirmation) for a reset link. */
export default function NewPasswordPage() {
  const backend = useBackend();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode') ?? '';
  const [link, setLink] = useState<LinkState>(() =>
    oobCode ? { status: 'checking' } : { status: 'bad', message: MISSING_CODE },
  );
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', passwordConfirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!oobCode) return;
    let active = true;
    // checkActionCode does not use the code up, so StrictMode's second run is harmless.
    checkResetLink(backend, oobCode).then(
      ({ email }) => active && setLink({ status: 'ok', email }),
      (e: unknown) => {
        if (!isExpectedAuthError(e)) logger.error('new-password: checkActionCode', e);
        if (active) setLink({ status: 'bad', message: authErrorMessage(e) });
      },
    );
    return () => {
      active = false;
    };
  }, [backend, oobCode]);

  const submit = async (values: NewPasswordForm) => {
    setFormError(null);
    try {
      await backend.auth.confirmPasswordReset(oobCode, values.password);
      navigate('/reset-complete', { replace: true });
    } catch (e) {
      if (!isExpectedAuthError(e)) logger.error('auth.confirmPasswordReset', e);
      if (isLinkFailure(e)) setLink({ status: 'bad', message: authErrorMessage(e) });
      else if (authErrorCode(e) === 'auth/weak-password')
        form.setError('password', { message: authErrorMessage(e) }, { shouldFocus: true });
      else setFormError(authErrorMessage(e));
    }
  };

  return (
    <Page title="新しいパスワードの設定" narrow>
      {link.status === 'checking' ? (
        <Spinner label="リンクを確認しています…" />
      ) : link.status === 'bad' ? (
        <BadLink message={link.message} />
      ) : (
        <AuthCard>
          <p className="mb-5 text-sm text-slate-700">
            {link.email ? (
              <>
                <strong className="font-semibold break-all text-slate-900">{link.email}</strong> の
              </>
            ) : null}
            新しいパスワードを入力してください。
          </p>
          <form
            noValidate
            onKeyDown={preventImeEnterSubmit}
            onSubmit={form.handleSubmit(submit)}
            className="space-y-5"
          >
            <FormAlert>{formError}</FormAlert>
            {/* Lets password managers store the new password under the right account. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={link.email}
              readOnly
              hidden
            />
            <PasswordField
              label="新しいパスワード"
              autoComplete="new-password"
              hint={AUTH_FORM_MESSAGES.passwordPolicyHint}
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordField
              label="新しいパスワード（確認）"
              autoComplete="new-password"
              error={errors.passwordConfirm?.message}
              {...form.register('passwordConfirm')}
            />
            <Button type="submit" className="w-full" busy={isSubmitting} busyLabel="設定中…">
              パスワードを設定する
            </Button>
          </form>
        </AuthCard>
      )}
    </Page>
  );
}
