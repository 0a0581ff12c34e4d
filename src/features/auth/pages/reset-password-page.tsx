import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { resetRequestSchema, type ResetRequestForm } from '@/domain/auth-forms';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { authErrorCode, authErrorMessage, isExpectedAuthError } from '../auth-errors';
import { AuthCard, FormAlert, FormNotice, TextField } from '../form-fields';
import { preventImeEnterSubmit } from '@/lib/ime';

/** The same text whether or not the address has an account, so the form reveals nothing. */
export const RESET_SENT_MESSAGE =
  '入力されたメールアドレスが登録されている場合は、パスワード再設定用のメールを送信しました。メールに記載されたリンクから新しいパスワードを設定してください。';

export default function ResetPasswordPage() {
  const backend = useBackend();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetRequestForm>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async ({ email }: ResetRequestForm) => {
    setFormError(null);
    setSentTo(null);
    try {
      await backend.auth.sendPasswordResetEmail(email);
      setSentTo(email);
    } catch (e) {
      const code = authErrorCode(e);
      // A service without enumeration protection answers "no such user": that must look like success.
      if (code === 'auth/invalid-credential' || code === 'auth/user-disabled') {
        setSentTo(email);
        return;
      }
      if (!isExpectedAuthError(e)) logger.error('auth.sendPasswordResetEmail', e);
      if (code === 'auth/invalid-email')
        form.setError('email', { message: authErrorMessage(e) }, { shouldFocus: true });
      else setFormError(authErrorMessage(e));
    }
  };

  return (
    <Page title="パスワードの再設定" narrow>
      <AuthCard>
        <p className="mb-5 text-sm leading-relaxed text-slate-700">
          ご登録のメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。
        </p>
        <form
          noValidate
          onKeyDown={preventImeEnterSubmit}
          onSubmit={form.handleSubmit(submit)}
          className="space-y-5"
        >
          <FormAlert>{formError}</FormAlert>
          <FormNotice>{sentTo ? RESET_SENT_MESSAGE : null}</FormNotice>
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" busy={isSubmitting} busyLabel="送信中…">
            {sentTo ? '再設定メールをもう一度送信' : '再設定メールを送信'}
          </Button>
        </form>
        {sentTo && backend.dev ? (
          <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            デモ環境ではメールは実際には送信されません。
            <Link to="/dev/outbox" className="ml-1 font-semibold underline">
              送信メール
            </Link>
            から再設定用リンクを開けます。
          </p>
        ) : null}
        <p className="mt-5 text-center text-sm">
          <Link to="/login" className="text-brand-700 underline">
            ログイン画面に戻る
          </Link>
        </p>
      </AuthCard>
    </Page>
  );
}
