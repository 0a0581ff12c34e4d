import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EVENT_STATUS_LABELS, type EventStatus, type SportEvent } from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { STATUS_TRANSITIONS } from '@/domain/rules/events';
import { toast } from '@/lib/toast-store';
import { useChangeEventStatus } from '../event-mutations';

const ACTION_LABELS: Record<EventStatus, string> = {
  open: '募集を再開する',
  closed: '募集を締め切る',
  cancelled: 'イベントを中止する',
  finished: 'イベントを終了にする',
};

/** Changes that cannot be undone (no transition leads out of them) are confirmed first. */
const CONFIRM: Partial<Record<EventStatus, { title: string; body: string }>> = {
  cancelled: {
    title: 'イベントを中止しますか？',
    body: '中止にすると、募集の再開や内容の変更による復帰はできません。参加予定の方にはイベントページで中止と表示されます。',
  },
  finished: {
    title: 'イベントを終了にしますか？',
    body: '終了にしたイベントは募集を再開できません。開催が済んだイベントに使ってください。',
  },
};

/** The organizer's status actions: only the changes STATUS_TRANSITIONS allows from here. */
export function StatusControl({ event }: { event: SportEvent }) {
  const change = useChangeEventStatus(event);
  const [pending, setPending] = useState<EventStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const targets = STATUS_TRANSITIONS[event.status];

  const run = (to: EventStatus) => {
    setError(null);
    change.mutate(to, {
      onSuccess: () => {
        setPending(null);
        toast({
          title: `募集状態を「${EVENT_STATUS_LABELS[to]}」に変更しました`,
          variant: 'success',
        });
      },
      onError: (e) => {
        setPending(null);
        setError(errorMessage(e));
      },
    });
  };

  return (
    <div>
      <p className="text-sm text-slate-600">
        現在の募集状態:{' '}
        <span className="font-semibold text-slate-900">{EVENT_STATUS_LABELS[event.status]}</span>
      </p>
      {targets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          このイベントの募集状態はこれ以上変更できません。
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {targets.map((to) => (
            <Button
              key={to}
              variant={to === 'cancelled' ? 'danger' : 'secondary'}
              busy={change.isPending && change.variables === to}
              busyLabel="変更中…"
              disabled={change.isPending}
              onClick={() => (CONFIRM[to] ? setPending(to) : run(to))}
            >
              {ACTION_LABELS[to]}
            </Button>
          ))}
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? (CONFIRM[pending]?.title ?? '') : ''}
        confirmLabel={pending ? ACTION_LABELS[pending] : ''}
        cancelLabel="やめる"
        danger={pending === 'cancelled'}
        busy={change.isPending}
        onConfirm={() => pending && run(pending)}
        onCancel={() => setPending(null)}
      >
        {pending ? CONFIRM[pending]?.body : null}
      </ConfirmDialog>
    </div>
  );
}
