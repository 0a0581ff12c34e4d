import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { loginSchema, type LoginForm } from '@/domain/auth-forms';
import { useBackend } from '@/lib/backend-context';
import { authErrorCode, authErrorMessage } from '../auth-errors';
import { useSignIn } from '../auth-actions';
import { AuthCard, FormAlert, FormNotice, PasswordField, TextField } from '../form-fields';
import { useSession } from '../session';
import { useReturnUrl } from '../use-return-url';
import { preventImeEnterSubmit } from '@/lib/ime';

/** Local backend only: one button per seeded account, so a demo needs no typing. */
function DemoAccounts({
  onPick,
  disabled,
}: {
  onPick: (email: string, password: string) => void;
  disabled: boolean;
}) {
  const accounts = useBackend().dev?.demoAccounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <section
      aria-labelledby="demo-accounts-heading"
      className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <h2 id="demo-accounts-heading" className="text-sm font-bold text-amber-900">
        デモアカウントでログイン
      </h2>
      <p className="mt-1 text-xs text-amber-900">
        ローカルのデモ環境専用です。ボタンを押すとそのアカウントでログインします。
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {accounts.map((a) => (
          <li key={a.email}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(a.email, a.password)}
              className="w-full rounded-md border border-amber-300 bg-white px-3 py-2 text-left text-sm hover:bg-amber-100 disabled:opacity-60"
            >
              <span className="block font-semibold text-slate-900">{a.label}でログイン</span>
              <span className="block text-xs break-all text-slate-600">{a.email}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

type LoginErrors = Partial<Record<keyof LoginForm, string>>;

/** The parsed values, or the schema's first message for each field that fails. */
function validate(values: LoginForm): { data: LoginForm; errors: null } | { errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginForm;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The sign-in form's state, as react-hook-form keeps it on the other forms (errors on submit, then
 * on each change; the first invalid field focused), written out for these two fields: the sign-in
 * page is a first page, and react-hook-form with its resolver is 14 KiB of it.
 */
function useLoginForm() {
  const [values, setValues] = useState<LoginForm>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const field = (name: keyof LoginForm) => ({
    name,
    ref: inputs[name],
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      if (submitted) setErrors(validate(next).errors ?? {});
    },
  });

  const handleSubmit = (onValid: (values: LoginForm) => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const checked = validate(values);
    if (!checked.errors) {
      setErrors({});
      setSubmitting(true);
      try {
        await onValid(checked.data);
      } finally {
        setSubmitting(false);
      }
      return;
    }
    setErrors(checked.errors);
    const first = (['email', 'password'] as const).find((name) => checked.errors[name]);
    if (first) inputs[first].current?.focus();
  };

  const setError = (name: keyof LoginForm, message: string) => {
    setErrors((current) => ({ ...current, [name]: message }));
    inputs[name].current?.focus();
  };

  return { field, errors, isSubmitting, handleSubmit, setError };
}

export default function LoginPage() {
  const backend = useBackend();
  const { state } = useSession();
  const returnUrl = useReturnUrl();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const [demoBusy, setDemoBusy] = useState(false);
  const form = useLoginForm();
  const { errors, isSubmitting } = form;

  // Signed in (already, or just now): on to where the visitor was going.
  if (state.status === 'signedIn') return <Navigate to={returnUrl} replace />;

  const attempt = async (email: string, password: string) => {
    setFormError(null);
    try {
      await signIn(email, password);
    } catch (e) {
      const code = authErrorCode(e);
      if (code === 'auth/invalid-email') form.setError('email', authErrorMessage(e));
      else setFormError(authErrorMessage(e));
    }
  };

  const pickDemo = async (email: string, password: string) => {
    setDemoBusy(true);
    try {
      await attempt(email, password);
    } finally {
      setDemoBusy(false);
    }
  };

  const busy = isSubmitting || demoBusy;
  const cameFromGuard = params.has('returnUrl') && returnUrl !== '/';
  return (
    <Page title="ログイン" narrow>
      {cameFromGuard ? (
        <div className="mb-4">
          <FormNotice tone="info">このページを表示するにはログインしてください。</FormNotice>
        </div>
      ) : null}
      <AuthCard>
        <form
          noValidate
          onKeyDown={preventImeEnterSubmit}
          onSubmit={(e) => void form.handleSubmit((v) => attempt(v.email, v.password))(e)}
          className="space-y-5"
        >
          <FormAlert>{formError}</FormAlert>
          <TextField
            label="メールアドレス"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email}
            {...form.field('email')}
          />
          <PasswordField
            label="パスワード"
            autoComplete="current-password"
            error={errors.password}
            {...form.field('password')}
          />
          <Button
            type="submit"
            className="w-full"
            busy={isSubmitting}
            busyLabel="ログイン中…"
            disabled={busy}
          >
            ログイン
          </Button>
        </form>
        <div className="mt-5 space-y-2 text-center text-sm">
          <p>
            <Link to="/reset-password" className="text-brand-700 underline">
              パスワードをお忘れの方
            </Link>
          </p>
          <p>
            アカウントをお持ちでない方は{' '}
            <Link to="/register" className="font-semibold text-brand-700 underline">
              新規登録
            </Link>
          </p>
        </div>
      </AuthCard>
      {backend.kind === 'local' && backend.dev ? (
        <DemoAccounts onPick={(e, p) => void pickDemo(e, p)} disabled={busy} />
      ) : null}
    </Page>
  );
}
