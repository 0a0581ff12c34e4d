import { useId, type KeyboardEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { REQUEST_MESSAGE_MAX } from '@/domain/constants';
import { ERR } from '@/domain/errors';
import { isImeComposing } from '@/lib/ime';

export const requestFormSchema = z.object({
  message: z.string().check(z.maxLength(REQUEST_MESSAGE_MAX, ERR.requestMessageTooLong)),
});
export type RequestFormValues = z.infer<typeof requestFormSchema>;

interface RequestFormProps {
  /** The message field's label, naming who reads it: 主催者へのメッセージ（任意）. */
  label: string;
  placeholder?: string;
  /** Resolves when the request was sent (the form clears); rejects to keep the typed message. */
  onSubmit: (message: string) => Promise<void>;
  busy: boolean;
  disabled: boolean;
}

/**
 * The optional message to whoever decides (an event's organizer, a team's owner) and the
 * request button. Enter makes a new line, and
 * Ctrl/⌘+Enter sends, except while an input method is converting (the Enter then belongs to it).
 */
export function RequestForm({
  label,
  placeholder = '例：初参加です。よろしくお願いします。',
  onSubmit,
  busy,
  disabled,
}: RequestFormProps) {
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<RequestFormValues>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: { message: '' },
  });
  const length = useWatch({ control, name: 'message' }).length;

  const submit = handleSubmit(async ({ message }) => {
    try {
      await onSubmit(message);
      reset();
    } catch {
      // The caller shows the reason; the typed message stays for another try.
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !isImeComposing(e)) {
      e.preventDefault();
      if (!busy && !disabled) void submit();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div>
        <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <textarea
          id={fieldId}
          rows={3}
          placeholder={placeholder}
          aria-describedby={errors.message ? `${errorId} ${hintId}` : hintId}
          aria-invalid={errors.message ? true : undefined}
          onKeyDown={onKeyDown}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-500"
          {...register('message')}
        />
        <div className="mt-1 flex justify-between gap-2 text-xs">
          <span id={errorId} className="text-red-700">
            {errors.message?.message}
          </span>
          <span
            id={hintId}
            className={length > REQUEST_MESSAGE_MAX ? 'text-red-700' : 'text-slate-600'}
          >
            {length}/{REQUEST_MESSAGE_MAX}文字
          </span>
        </div>
      </div>
      <Button type="submit" className="w-full" busy={busy} busyLabel="送信中…" disabled={disabled}>
        参加をリクエスト
      </Button>
    </form>
  );
}
