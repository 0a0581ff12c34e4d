import { formatRelative } from '@/domain/relative-time';
import type { ActionRunner } from '@/lib/use-action-runner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ActionError, StandingNotice } from './standing-notice';
import { PanelCard } from '@/components/ui/panel-card';
import { StatusPill } from '@/components/ui/status-pill';

/** Leaving or cancelling, or why a suspended account may not (src/domain/rules/standing.ts). */
function SecondaryAction({
  label,
  suspended,
  disabled,
  onClick,
}: {
  label: string;
  suspended: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  if (suspended) {
    return (
      <div className="mt-4">
        <StandingNotice refusal="accountSuspended" action={label} />
      </div>
    );
  }
  return (
    <Button variant="secondary" className="mt-4 w-full" onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}

/**
 * Leaving what I take part in (an event, a team): the quiet button (or why a suspended account
 * may not), the failure of the last action, and a confirmation saying what leaving means.
 */
export function LeaveAction({
  label,
  confirmTitle,
  confirmLabel,
  consequence,
  suspended,
  disabled,
  error,
  open,
  busy,
  onOpen,
  onCancel,
  onConfirm,
}: {
  label: string;
  confirmTitle: string;
  confirmLabel: string;
  /** What leaving means, in the confirmation. */
  consequence: string;
  suspended: boolean;
  disabled: boolean;
  error: unknown;
  open: boolean;
  busy: boolean;
  onOpen: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <SecondaryAction label={label} suspended={suspended} disabled={disabled} onClick={onOpen} />
      <ActionError error={error} className="mt-3" />
      <ConfirmDialog
        open={open}
        title={confirmTitle}
        confirmLabel={confirmLabel}
        danger
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        {consequence}
      </ConfirmDialog>
    </>
  );
}

/**
 * My request is waiting for `decider` (主催者, 代表者): when it was sent, its message, and
 * cancelling it after a confirmation.
 */
export function PendingRequestCard<C extends string>({
  title,
  decider,
  request,
  runner,
  suspended,
  disabled,
  cancelling,
  onCancel,
}: {
  title: string;
  decider: string;
  request: { message: string; createdAt: Date | null };
  runner: ActionRunner<C | 'cancel'>;
  /** A suspended account is told why it cannot cancel instead of being offered the button. */
  suspended: boolean;
  disabled: boolean;
  cancelling: boolean;
  onCancel: () => Promise<unknown>;
}) {
  return (
    <PanelCard title={title} badge={<StatusPill tone="amber">承認待ち</StatusPill>}>
      <p className="font-semibold text-amber-900">承認待ち</p>
      <p className="mt-1 text-sm text-slate-600">
        参加リクエストを送信しました。{decider}の承認をお待ちください。
        {request.createdAt ? (
          <span className="ml-1 text-slate-600">（{formatRelative(request.createdAt)}に送信）</span>
        ) : null}
      </p>
      {request.message ? (
        <blockquote className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-700">
          {request.message}
        </blockquote>
      ) : null}
      <SecondaryAction
        label="リクエストを取り消す"
        suspended={suspended}
        disabled={disabled}
        onClick={() => runner.setConfirming('cancel')}
      />
      <ActionError error={runner.error} className="mt-3" />
      <ConfirmDialog
        open={runner.confirming === 'cancel'}
        title="参加リクエストを取り消しますか？"
        confirmLabel="取り消す"
        danger
        busy={cancelling}
        onCancel={() => runner.setConfirming(null)}
        onConfirm={() => runner.runConfirmed(onCancel, '参加リクエストを取り消しました')}
      />
    </PanelCard>
  );
}
