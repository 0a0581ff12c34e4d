import { useId, useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * A modal confirmation. Focus starts on the safe choice (cancel), Escape cancels, and focus
 * returns to whatever opened the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'キャンセル',
  danger = false,
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  /** Keeps the confirm button off until what the dialog asks for is filled in. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const bodyId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      busy={busy}
      onClose={onCancel}
      initialFocus={cancelRef}
      describedBy={children ? bodyId : undefined}
    >
      {children ? (
        <div id={bodyId} className="mt-2 text-sm text-slate-600">
          {children}
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          disabled={busy}
          onClick={onCancel}
          className="inline-flex min-h-10 items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:text-slate-400"
        >
          {cancelLabel}
        </button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          busy={busy}
          disabled={confirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
