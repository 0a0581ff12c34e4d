import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX_LENGTH } from '@/domain/constants';
import { ERR } from '@/domain/errors';
import { messageLength } from '@/domain/rules/conversations';
import { isImeComposing } from '@/lib/ime';

/** Phones and tablets type line breaks with Enter and send with the button. */
function useEnterSends(): boolean {
  const [enterSends, setEnterSends] = useState(
    () => !window.matchMedia('(pointer: coarse)').matches,
  );
  useEffect(() => {
    const query = window.matchMedia('(pointer: coarse)');
    const update = () => setEnterSends(!query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return enterSends;
}

/**
 * The message box of the one-to-one messages (docs/messages.md, "Sending"), the event boards and
 * the team chat (docs/board.md). Enter sends and Shift+Enter starts a new line
 * on a computer; on a touch screen Enter starts a new line and the button sends; Ctrl/⌘+Enter
 * sends everywhere. An Enter that confirms an IME conversion never sends. The draft survives
 * switching conversations (kept by the caller per conversation).
 */
export function Composer({
  draft,
  onDraftChange,
  onSend,
  disabledReason,
  label = 'メッセージ',
  placeholder = 'メッセージを入力',
  maxLength = MESSAGE_MAX_LENGTH,
  counterFrom = MESSAGE_COUNTER_FROM,
  tooLongMessage = ERR.messageTooLong,
  children,
}: {
  draft: string;
  onDraftChange: (text: string) => void;
  /** Sends, or returns why the text cannot be sent (the text then stays). */
  onSend: (text: string) => string | null;
  /** Why this user cannot send at all (unverified, suspended), shown instead of sending. */
  disabledReason?: React.ReactNode;
  label?: string;
  placeholder?: string;
  maxLength?: number;
  counterFrom?: number;
  tooLongMessage?: string;
  /** Choices sent with the text (a board's お知らせ), shown under the box. */
  children?: React.ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const enterSends = useEnterSends();
  const box = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState('');
  const length = messageLength(draft);
  const tooLong = length > maxLength;
  const blank = draft.trim() === '';

  const submit = () => {
    if (disabledReason) return;
    const refusal = onSend(draft);
    if (refusal) {
      setError(refusal);
      return;
    }
    setError('');
    onDraftChange('');
    // After the button, typing goes on in the box (and a phone keeps its keyboard).
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || isImeComposing(e) || e.shiftKey) return;
    if (e.ctrlKey || e.metaKey || enterSends) {
      e.preventDefault();
      if (!blank && !tooLong) submit();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white px-3 py-2 sm:px-4">
      {disabledReason ? (
        <div className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          {disabledReason}
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          ref={box}
          id={id}
          value={draft}
          onChange={(e) => {
            onDraftChange(e.target.value);
            if (error) setError('');
          }}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={placeholder}
          disabled={Boolean(disabledReason)}
          aria-describedby={`${hintId}${error || tooLong ? ` ${errorId}` : ''}`}
          aria-invalid={tooLong || error !== '' || undefined}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-md border border-slate-300 px-3 py-2 text-base leading-6 focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100 sm:text-sm"
        />
        <button
          type="submit"
          disabled={blank || tooLong || Boolean(disabledReason)}
          className="inline-flex min-h-10 shrink-0 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          送信
        </button>
      </div>
      {children}
      <div className="mt-1 flex items-start justify-between gap-3 text-xs">
        <p id={hintId} className="text-slate-500">
          {enterSends ? 'Enterで送信、Shift+Enterで改行' : '送信ボタンで送信（Enterは改行）'}
        </p>
        {length >= counterFrom ? (
          <p
            className={tooLong ? 'font-semibold text-red-700' : 'text-slate-500'}
            aria-live="polite"
          >
            {length} / {maxLength}
          </p>
        ) : null}
      </div>
      {error || tooLong ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error || tooLongMessage}
        </p>
      ) : null}
    </form>
  );
}
