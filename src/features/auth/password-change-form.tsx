import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  AUTH_FORM_MESSAGES,
  passwordChangeSchema,
  type PasswordChangeForm as Values,
} from '@/domain/auth-forms';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { toast } from '@/lib/toast-store';
import { authErrorCode, isExpectedAuthError, passwordChangeErrorMessage } from './auth-errors';
import { FormAlert, FormNotice, PasswordField } from './form-fields';
import { preventImeEnterSubmit } from '@/lib/ime';

const EMPTY: Values = { currentPassword: '', newPassword: '', newPasswordConfirm: '' };

/**
 * Password change for the settings screen: the current password re-authenticates, then the new
 * one is set. Signed out, the port refuses with the Japanese "login required" of docs/domain.md "Validation".
 */
export function PasswordChangeForm() {
  const backend = useBackend();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const submit = async (values: Values) => {
    setFormError(null);
    setDone(false);
    try {
      await backend.auth.updatePassword(values.currentPassword, values.newPassword);
      form.reset(EMPTY);
      setDone(true);
      toast({ title: 'パスワードを変更しました', variant: 'success' });
    } catch (e) {
      if (!isExpectedAuthError(e)) logger.error('auth.updatePassword', e);
      const message = passwordChangeErrorMessage(e);
      const code = authErrorCode(e);
      if (code === 'auth/invalid-credential')
        form.setError('currentPassword', { message }, { shouldFocus: true });
      else if (code === 'auth/weak-password')
        form.setError('newPassword', { message }, { shouldFocus: true });
      else setFormError(message);
    }
  };

  return (
    <form
      noValidate
      onKeyDown={preventImeEnterSubmit}
      onSubmit={form.handleSubmit(submit)}
      className="space-y-5"
    >
      <FormAlert>{formError}</FormAlert>
      <FormNotice>
        {done ? 'パスワードを変更しました。次回から新しいパスワードでログインしてください。' : null}
      </FormNotice>
      <PasswordField
        label="現在のパスワード"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <PasswordField
        label="新しいパスワード"
        autoComplete="new-password"
        hint={AUTH_FORM_MESSAGES.passwordPolicyHint}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <PasswordField
        label="新しいパスワード（確認）"
        autoComplete="new-password"
        error={errors.newPasswordConfirm?.message}
        {...form.register('newPasswordConfirm')}
      />
      <Button type="submit" busy={isSubmitting} busyLabel="変更中…" className="w-full sm:w-auto">
        パスワードを変更する
      </Button>
    </form>
  );
}
