import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import {
  AUTH_FORM_MESSAGES,
  DISPLAY_NAME_MAX_LENGTH,
  registerSchema,
  type RegisterForm,
} from '@/domain/auth-forms';
import { authErrorCode, authErrorMessage } from '../auth-errors';
import { useSignUp } from '../auth-actions';
import { AuthCard, CheckboxField, FormAlert, PasswordField, TextField } from '../form-fields';
import { preventImeEnterSubmit } from '@/lib/ime';

export default function RegisterPage() {
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      displayName: '',
      email: '',
      password: '',
      passwordConfirm: '',
      agreedToTerms: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const displayName = useWatch({ control: form.control, name: 'displayName' });

  const submit = async (values: RegisterForm) => {
    setFormError(null);
    try {
      await signUp(values);
    } catch (e) {
      // The form keeps every value; the message goes next to the field it concerns.
      const code = authErrorCode(e);
      const message = authErrorMessage(e);
      if (code === 'auth/email-already-in-use' || code === 'auth/invalid-email')
        form.setError('email', { message }, { shouldFocus: true });
      else if (code === 'auth/weak-password')
        form.setError('password', { message }, { shouldFocus: true });
      else setFormError(message);
    }
  };

  return (
    <Page title="新規登録" narrow>
      <AuthCard>
        <form
          noValidate
          onKeyDown={preventImeEnterSubmit}
          onSubmit={form.handleSubmit(submit)}
          className="space-y-5"
        >
          <FormAlert>{formError}</FormAlert>
          <TextField
            label="お名前（表示名）"
            autoComplete="nickname"
            hint="イベントやメッセージで他の参加者に表示されます。"
            error={errors.displayName?.message}
            count={displayName.length}
            limit={DISPLAY_NAME_MAX_LENGTH}
            {...form.register('displayName')}
          />
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordField
            label="パスワード"
            autoComplete="new-password"
            hint={AUTH_FORM_MESSAGES.passwordPolicyHint}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordField
            label="パスワード（確認）"
            autoComplete="new-password"
            error={errors.passwordConfirm?.message}
            {...form.register('passwordConfirm')}
          />
          <CheckboxField error={errors.agreedToTerms?.message} {...form.register('agreedToTerms')}>
            <Link to="/terms" target="_blank" rel="noopener" className="text-brand-700 underline">
              利用規約<span className="sr-only">（新しいタブで開きます）</span>
            </Link>
            と
            <Link
              to="/privacy-policy"
              target="_blank"
              rel="noopener"
              className="text-brand-700 underline"
            >
              プライバシーポリシー<span className="sr-only">（新しいタブで開きます）</span>
            </Link>
            に同意します
          </CheckboxField>
          <Button type="submit" className="w-full" busy={isSubmitting} busyLabel="登録中…">
            登録する
          </Button>
        </form>
        <p className="mt-5 text-center text-sm">
          すでにアカウントをお持ちの方は{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            ログイン
          </Link>
        </p>
      </AuthCard>
    </Page>
  );
}
