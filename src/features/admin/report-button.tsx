import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { REPORT_DETAIL_MAX } from '@/domain/constants';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TARGET_LABELS,
  type ReportReason,
  type ReportTarget,
} from '@/domain/entities/report';
import { errorMessage, isDomainError } from '@/domain/errors';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { TextAreaField } from './components/text-area-field';
import { toast } from '@/lib/toast-store';
import { orAlreadyDone, useMutation } from '@/lib/use-mutation';

function FlagIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M4 2.75a.75.75 0 0 0-1.5 0v14.5a.75.75 0 0 0 1.5 0v-4.4c1.6-.8 3.1-.6 4.7.1 1.9.8 3.9 1 6-.1a.75.75 0 0 0 .4-.66V4.1a.75.75 0 0 0-1.08-.67c-1.7.85-3.2.7-4.8 0C7.5 2.7 5.8 2.4 4 3.1Z" />
    </svg>
  );
}

/**
 * 通報: a button for any screen showing reportable content (an event, a team, a profile, a
 * message). It opens a form with a reason and optional detail and ends with a confirmation.
 * A visitor is sent to the login (and back); one's own content shows no button.
 */
export function ReportButton({
  target,
  ownerId,
  compact = false,
  describedBy,
  className = '',
}: {
  target: ReportTarget;
  /** Whose content it is; that person sees no button. */
  ownerId: string;
  /**
   * A small 「通報」 for content repeated in a list (a chat's messages); its accessible name
   * stays 「…を通報」 and `describedBy` points at the content it reports.
   */
  compact?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const noun = REPORT_TARGET_LABELS[target.type];
  const buttonStyle = compact
    ? `inline-flex min-h-6 min-w-6 items-center gap-1 rounded px-1.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700 ${className}`
    : `inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-red-700 ${className}`;
  const content = (
    <>
      <FlagIcon />
      {compact ? '通報' : `${noun}を通報`}
    </>
  );
  const a11y = {
    'aria-label': compact ? `${noun}を通報` : undefined,
    'aria-describedby': describedBy,
  };
  if (user && user.uid === ownerId) return null;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
        className={buttonStyle}
        {...a11y}
      >
        {content}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={buttonStyle} onClick={() => setOpen(true)} {...a11y}>
        {content}
      </button>
      {open ? <ReportDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const backend = useBackend();
  const noun = REPORT_TARGET_LABELS[target.type];
  const groupId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [detail, setDetail] = useState('');
  // Sent (or sent before: a repeat is taken as done), the dialog closes and a toast confirms it.
  const file = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      orAlreadyDone(backend.reports.file(target, { reason: reason as ReportReason, detail })),
    onSuccess: () => {
      onClose();
      toast({
        title: '通報を受け付けました',
        description:
          'ご協力ありがとうございます。運営スタッフが内容を確認し、必要な対応を行います。対応の結果は個別にお知らせしない場合があります。',
        variant: 'success',
      });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason) file.mutate();
  };
  return (
    <Modal open title={`この${noun}を通報`} busy={file.isPending} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="mt-2 text-sm text-slate-600">
          通報の内容は運営スタッフだけが確認します。通報したことが相手に伝わることはありません。
        </p>
        <fieldset className="mt-4" aria-describedby={`${groupId}-required`}>
          <legend className="text-sm font-semibold text-slate-700">
            理由
            <span id={`${groupId}-required`} className="ml-1 text-xs text-red-700">
              （必須）
            </span>
          </legend>
          <div className="mt-2 space-y-1">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="radio"
                  name={groupId}
                  value={r}
                  checked={reason === r}
                  disabled={file.isPending}
                  onChange={() => setReason(r)}
                  className="h-4 w-4"
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label="詳しい内容"
          hint="どこがどのように問題かを書いていただけると、確認がスムーズです（任意）。"
          value={detail}
          onChange={setDetail}
          max={REPORT_DETAIL_MAX}
          disabled={file.isPending}
          rows={4}
        />
        {file.isError ? (
          <div role="alert" className="mt-2 text-sm text-red-700">
            <p>{errorMessage(file.error)}</p>
            {isDomainError(file.error, 'emailNotVerified') ? (
              <Link to="/verify-email" className="font-semibold underline">
                メールアドレスを確認する
              </Link>
            ) : null}
          </div>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={file.isPending} onClick={onClose}>
            キャンセル
          </Button>
          <Button
            type="submit"
            variant="danger"
            busy={file.isPending}
            busyLabel="送信中…"
            disabled={!reason || detail.length > REPORT_DETAIL_MAX}
          >
            通報する
          </Button>
        </div>
      </form>
    </Modal>
  );
}
