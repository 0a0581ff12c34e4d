import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PanelCard } from '@/components/ui/panel-card';
import { ActionError } from '@/components/flows/standing-notice';
import { Spinner } from '@/components/ui/spinner';
import { isOver, type SportEvent } from '@/domain/entities/event';
import {
  REMOVAL_REASON_LABELS,
  REMOVAL_REASONS,
  type RemovalReason,
} from '@/domain/entities/removal-reason';
import type { UserProfile } from '@/domain/entities/user';
import { ReliabilityBadge } from '@/features/attendance/public';
import { useBackend } from '@/lib/backend-context';
import { useActionRunner } from '@/lib/use-action-runner';
import { useParticipationMutations } from './participation-mutations';
import { participationQueries, refreshEventParticipants } from './participation-queries';

/** How many names the organizer's lists read at once (the rest show as a count). */
const SHOWN = 30;

/**
 * The organizer's view of who takes part: the participants, each removable for a reason the
 * participant is shown, and the キャンセル待ち in line order, each with their reliability record
 * (参加 n回・無断欠席 m回, or 記録なし), as beside a request.
 */
export function OrganizerRoster({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const client = useQueryClient();
  const participants = event.participants.slice(0, SHOWN);
  const waiting = event.waitlist.slice(0, SHOWN);
  const removed = Object.keys(event.removals).slice(0, SHOWN);
  const uids = [...participants, ...waiting, ...removed];
  const profiles = useQuery({
    ...participationQueries.requesters(event.id, uids, backend),
    enabled: uids.length > 0,
  });
  const { remove, restore } = useParticipationMutations(event.id);
  const runner = useActionRunner<'remove'>(
    () => void refreshEventParticipants(client, event.id, null),
  );
  const [target, setTarget] = useState<string | null>(null);
  const [reason, setReason] = useState<RemovalReason | ''>('');
  const over = isOver(event, new Date());

  const byId = new Map((profiles.data ?? []).map((p: UserProfile) => [p.id, p]));
  const name = (uid: string) => byId.get(uid)?.displayName || '名前未設定';

  const body = (list: string[], waiting: boolean, removable: boolean) =>
    list.length === 0 ? null : profiles.isPending ? (
      <Spinner className="py-3" label="読み込み中…" />
    ) : profiles.isError ? (
      <div className="text-sm text-red-700" role="alert">
        名前を読み込めませんでした。
        <Button variant="secondary" className="ml-2" onClick={() => void profiles.refetch()}>
          再読み込み
        </Button>
      </div>
    ) : (
      <ol className="divide-y divide-slate-100">
        {list.map((uid, i) => (
          <li
            key={uid}
            className="flex items-center justify-between gap-2 py-2 text-sm"
            aria-label={waiting ? `キャンセル待ち${i + 1}番目 ${name(uid)}さん` : undefined}
          >
            <span className="min-w-0 truncate">
              {waiting ? <span className="mr-2 text-slate-500">{i + 1}.</span> : null}
              {name(uid)}
            </span>
            {waiting ? <ReliabilityBadge uid={uid} className="shrink-0" /> : null}
            {removable ? (
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={remove.isPending}
                onClick={() => {
                  setTarget(uid);
                  setReason('');
                  runner.setConfirming('remove');
                }}
              >
                参加を取り消す
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    );

  return (
    <PanelCard title="参加者とキャンセル待ち">
      <h3 className="text-sm font-bold text-slate-700">参加者（{event.participants.length}人）</h3>
      {event.participants.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">まだ参加者はいません。</p>
      ) : (
        body(participants, false, !over && !event.staffCancelReason)
      )}
      <h3 className="mt-4 text-sm font-bold text-slate-700">
        キャンセル待ち（{event.waitlist.length}人）
      </h3>
      {event.waitlist.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">キャンセル待ちはいません。</p>
      ) : (
        <div aria-label="キャンセル待ちの順番">{body(waiting, true, false)}</div>
      )}
      {removed.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-bold text-slate-700">
            参加を取り消した方（{removed.length}人）
          </h3>
          <p className="mt-1 text-xs text-slate-500">
            ご本人からは参加も申し込みもできません。戻せるのは主催者だけです。
          </p>
          <ul className="divide-y divide-slate-100">
            {removed.map((uid) => (
              <li key={uid} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 truncate">{name(uid)}</span>
                {!over && !event.staffCancelReason ? (
                  <Button
                    variant="secondary"
                    className="shrink-0"
                    disabled={restore.isPending}
                    onClick={() =>
                      runner.runConfirmed(() => restore.mutateAsync(uid), '参加者に戻しました')
                    }
                  >
                    参加者に戻す
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ActionError error={runner.error} className="mt-3" />
      <ConfirmDialog
        open={runner.confirming === 'remove' && target !== null}
        title={`${target ? name(target) : ''}さんの参加を取り消しますか？`}
        confirmLabel="取り消す"
        danger
        busy={remove.isPending}
        confirmDisabled={reason === ''}
        onCancel={() => runner.setConfirming(null)}
        onConfirm={() =>
          runner.runConfirmed(
            () => remove.mutateAsync({ participant: target!, reason: reason as RemovalReason }),
            '参加を取り消しました',
          )
        }
      >
        <p>理由は参加者に通知されます。空いた席はキャンセル待ちの先頭の方に回ります。</p>
        <label className="mt-3 block text-sm font-medium text-slate-800">
          理由
          <select
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            value={reason}
            onChange={(e) => setReason(e.target.value as RemovalReason | '')}
          >
            <option value="">選択してください</option>
            {REMOVAL_REASONS.map((r) => (
              <option key={r} value={r}>
                {REMOVAL_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
      </ConfirmDialog>
    </PanelCard>
  );
}
