import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
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
import { TextAreaField } from './components/text-area-field';
import { toast } from '@/lib/toast-store';
import { useFileReport } from './staff-mutations';

/** The report form of ReportButton (./report-button.tsx), loaded when it is first opened. */
export default function ReportDialog({
  target,
  onClose,
}: {
  target: ReportTarget;
  onClose: () => void;
}) {
  const noun = REPORT_TARGET_LABELS[target.type];
  const groupId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [detail, setDetail] = useState('');
  // Sent (or sent before: a repeat is taken as done), the dialog closes and a toast confirms it.
  const file = useFileReport(target, () => {
    onClose();
    toast({
      title: '通報を受け付けました',
      description:
        'ご協力ありがとうございます。運営スタッフが内容を確認し、必要な対応を行います。対応の結果は個別にお知らせしない場合があります。',
      variant: 'success',
    });
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason) file.mutate({ reason, detail });
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
