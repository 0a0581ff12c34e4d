import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { STAFF_NOTE_MAX } from '@/domain/constants';
import type { UserProfile } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { mayChangeStanding } from '@/domain/rules/staff';
import { toast } from '@/lib/toast-store';
import { useSetActive } from '../staff-mutations';
import type { Staff } from './staff-gate';
import { InlineError } from './inline-error';
import { TextAreaField } from './text-area-field';

/**
 * Suspend (利用停止) or reactivate one account, after a confirmation with an optional note for
 * the audit log. Shown only where the staff member's rank allows it (mayChangeStanding).
 */
export function StandingAction({ staff, user }: { staff: Staff; user: UserProfile }) {
  const setActive = useSetActive();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!mayChangeStanding({ uid: staff.user.uid, rank: staff.rank }, user)) return null;

  const suspending = user.isActive;
  const name = user.displayName || 'このユーザー';
  const close = () => {
    setOpen(false);
    setError(null);
    setNote('');
  };
  const confirm = () => {
    setError(null);
    setActive.mutate(
      { uid: user.id, active: !suspending, note },
      {
        onSuccess: () => {
          close();
          toast({
            title: suspending
              ? `${name}さんを利用停止にしました`
              : `${name}さんの利用を再開しました`,
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <>
      <Button
        variant="secondary"
        className={suspending ? 'text-red-700' : ''}
        onClick={() => setOpen(true)}
        aria-label={`${name}さんを${suspending ? '利用停止にする' : '利用再開する'}`}
      >
        {suspending ? '利用停止にする' : '利用を再開する'}
      </Button>
      <ConfirmDialog
        open={open}
        title={
          suspending ? `${name}さんを利用停止にしますか？` : `${name}さんの利用を再開しますか？`
        }
        confirmLabel={suspending ? '利用停止にする' : '利用を再開する'}
        danger={suspending}
        busy={setActive.isPending}
        confirmDisabled={note.length > STAFF_NOTE_MAX}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>
          {suspending
            ? '利用停止中のアカウントはログインと閲覧はできますが、イベントの作成・参加申請・メッセージ送信などの操作はすべてできなくなります。'
            : 'このアカウントは再びすべての操作ができるようになります。'}
        </p>
        <TextAreaField
          label="メモ"
          hint="理由など。監査ログに記録され、本人には表示されません。"
          value={note}
          onChange={setNote}
          max={STAFF_NOTE_MAX}
          disabled={setActive.isPending}
        />
        <InlineError message={error} />
      </ConfirmDialog>
    </>
  );
}
