import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatLongDateWithWeekday } from '@/domain/format';

/**
 * The confirmation of 「今回はお休み」 (docs/series.md "Regulars"), the same on the series page and
 * on the date's own page: the regular leaves that date and the seat goes to the first waiting.
 */
export function SkipDateDialog({
  date,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The date's day while the dialog is open; null closes it. */
  date: Date | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={date !== null}
      title="この日はお休みにしますか？"
      confirmLabel="今回はお休み"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {date ? `${formatLongDateWithWeekday(date)}の参加を取りやめ、` : ''}
      空いた席はキャンセル待ちの先頭の方に回ります。この日に自動で戻ることはありません。
    </ConfirmDialog>
  );
}
