import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ROLES, type Role, type UserProfile } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { mayChangeRoles, ROLE_LABELS } from '@/domain/rules/staff';
import { toast } from '@/lib/toast-store';
import { useSetRole } from '../staff-mutations';
import { InlineError } from './inline-error';
import type { Staff } from './staff-gate';

/** An admin's role choice for one user, confirmed before it is saved. Nothing for moderators. */
export function RoleControl({ staff, user }: { staff: Staff; user: UserProfile }) {
  const selectId = useId();
  const setRole = useSetRole();
  const [choice, setChoice] = useState<Role>(user.role);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!mayChangeRoles(staff.rank)) return null;

  const name = user.displayName || 'このユーザー';
  const self = user.id === staff.user.uid;
  const cancel = () => {
    setConfirming(false);
    setError(null);
  };
  const confirm = () => {
    setError(null);
    setRole.mutate(
      { uid: user.id, role: choice },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({
            title: `${name}さんの役割を「${ROLE_LABELS[choice]}」に変更しました`,
            variant: 'success',
          });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        {name}さんの役割
      </label>
      <select
        id={selectId}
        value={choice}
        onChange={(e) => setChoice(e.target.value as Role)}
        className="min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        disabled={choice === user.role}
        onClick={() => setConfirming(true)}
        aria-label={`${name}さんの役割を変更`}
      >
        変更
      </Button>
      <ConfirmDialog
        open={confirming}
        title="役割を変更しますか？"
        confirmLabel="変更する"
        danger={user.role === 'admin' || choice === 'admin'}
        busy={setRole.isPending}
        onConfirm={confirm}
        onCancel={cancel}
      >
        <p>
          {name}さんの役割を「{ROLE_LABELS[user.role]}」から「{ROLE_LABELS[choice]}」に変更します。
          {choice === 'admin'
            ? '管理者は役割の変更を含むすべての管理操作ができるようになります。'
            : null}
          {self ? 'ご自身の役割を変更すると、この画面でできる操作も変わります。' : null}
        </p>
        <InlineError message={error} />
      </ConfirmDialog>
    </div>
  );
}
