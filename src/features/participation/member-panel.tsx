import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LeaveAction, PendingRequestCard } from '@/components/flows/join-panel';
import { ActionError, StandingNotice } from '@/components/flows/standing-notice';
import { PanelCard } from '@/components/ui/panel-card';
import { StatusPill } from '@/components/ui/status-pill';
import { RequestForm } from '@/components/flows/request-form';
import { Spinner } from '@/components/ui/spinner';
import {
  EVENT_STATUS_LABELS,
  isFull,
  isOver,
  removedFrom,
  type SportEvent,
} from '@/domain/entities/event';
import { waitlistPosition } from '@/domain/rules/roster';
import { useWriteRefusal } from '@/features/auth/public';
import { useActionRunner } from '@/lib/use-action-runner';
import { OrganizerRequests } from './organizer-requests';
import { OrganizerRoster } from './organizer-roster';
import { useParticipationMutations } from './participation-mutations';
import { refreshEventForViewer } from './participation-queries';
import { useMyLiveRequest } from './use-live-participation';

/**
 * The participation panel of a signed-in user (src/features/participation/participation-panel.tsx
 * loads it only then, so a visitor's event page does without its forms and dialogs): the
 * organizer's requests and roster, or another user's request / cancel / join / leave.
 */
export function OrganizerPanel({ event }: { event: SportEvent }) {
  return (
    <>
      <OrganizerRequests event={event} />
      <OrganizerRoster event={event} />
    </>
  );
}

type Confirming = 'join' | 'leave' | 'cancel' | 'leaveWaitlist';

export function VisitorPanel({ event, uid }: { event: SportEvent; uid: string }) {
  const client = useQueryClient();
  const mine = useMyLiveRequest(event.id, uid);
  const { request, cancel, join, leave, joinWaitlist, leaveWaitlist } = useParticipationMutations(
    event.id,
  );
  // Asked first, so the panel says why instead of offering what the backend would refuse.
  const suspended = useWriteRefusal('active') !== null;
  const cannotAsk = useWriteRefusal('verified');
  // A refusal usually means the screen was behind (someone filled the last spot, the
  // organizer closed the event): the current state shows beside the reason.
  const runner = useActionRunner<Confirming>(
    () => void refreshEventForViewer(client, event.id, uid),
  );
  const { error, confirming, setConfirming, run, runConfirmed } = runner;

  const participating = event.participants.includes(uid);
  const myRequest = mine.data ?? null;
  const busy =
    request.isPending ||
    cancel.isPending ||
    join.isPending ||
    leave.isPending ||
    joinWaitlist.isPending ||
    leaveWaitlist.isPending;
  const position = waitlistPosition(event, uid);

  // Removed by the organizer: only they can add the person back, so nothing is offered.
  if (!participating && removedFrom(event, uid)) {
    return (
      <PanelCard title="参加">
        <p role="status" className="font-semibold text-slate-800">
          主催者により参加が取り消されました
        </p>
      </PanelCard>
    );
  }

  if (!participating && mine.isLoading) {
    return (
      <PanelCard title="参加">
        <Spinner className="py-6" label="参加状況を確認中…" />
      </PanelCard>
    );
  }

  if (participating && isOver(event, new Date())) {
    const cancelled = event.status === 'cancelled';
    return (
      <PanelCard
        title="参加"
        badge={<StatusPill tone="slate">{EVENT_STATUS_LABELS[event.status]}</StatusPill>}
      >
        <p className="font-semibold text-slate-800">
          {cancelled ? 'このイベントは中止になりました' : 'このイベントは終了しました'}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {cancelled
            ? '参加予定でしたが、主催者がイベントを中止しました。'
            : 'ご参加ありがとうございました。'}
        </p>
      </PanelCard>
    );
  }

  if (!participating && mine.error) {
    return (
      <PanelCard title="参加">
        <p role="alert" className="text-sm text-red-700">
          参加状況を読み込めませんでした。通信環境を確認して、もう一度お試しください。
        </p>
        <Button variant="secondary" className="mt-3 w-full" onClick={mine.retry}>
          再読み込み
        </Button>
      </PanelCard>
    );
  }

  if (participating) {
    return (
      <PanelCard title="参加" badge={<StatusPill tone="green">参加予定</StatusPill>}>
        <p className="font-semibold text-emerald-800">参加予定です</p>
        <p className="mt-1 text-sm text-slate-600">当日お会いできるのを楽しみにしています。</p>
        <LeaveAction
          label="参加をやめる"
          confirmTitle="このイベントへの参加をやめますか？"
          confirmLabel="やめる"
          consequence={
            event.entryMethod === 'firstCome'
              ? 'あなたの席はキャンセル待ちの方に譲られます。'
              : 'もう一度参加するには、改めて参加リクエストを送る必要があります。'
          }
          suspended={suspended}
          disabled={busy}
          error={error}
          open={confirming === 'leave'}
          busy={leave.isPending}
          onOpen={() => setConfirming('leave')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => runConfirmed(() => leave.mutateAsync(), '参加をやめました')}
        />
      </PanelCard>
    );
  }

  if (position !== null) {
    return (
      <PanelCard title="参加" badge={<StatusPill tone="amber">キャンセル待ち</StatusPill>}>
        <p className="font-semibold text-amber-900">キャンセル待ち {position}番目</p>
        <p className="mt-1 text-sm text-slate-600">
          {event.entryMethod === 'firstCome'
            ? '空きが出ると、順番に自動で参加が確定します。'
            : '空きが出ると、順番に参加リクエストが主催者に送られます。'}
        </p>
        <LeaveAction
          label="キャンセル待ちをやめる"
          confirmTitle="キャンセル待ちをやめますか？"
          confirmLabel="やめる"
          consequence="もう一度登録すると、列の最後に並び直します。"
          suspended={suspended}
          disabled={busy}
          error={error}
          open={confirming === 'leaveWaitlist'}
          busy={leaveWaitlist.isPending}
          onOpen={() => setConfirming('leaveWaitlist')}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            runConfirmed(() => leaveWaitlist.mutateAsync(), 'キャンセル待ちをやめました')
          }
        />
      </PanelCard>
    );
  }

  if (myRequest?.status === 'pending') {
    return (
      <PendingRequestCard
        title="参加"
        decider="主催者"
        request={myRequest}
        runner={runner}
        suspended={suspended}
        disabled={busy}
        cancelling={cancel.isPending}
        onCancel={() => cancel.mutateAsync(myRequest.id)}
      />
    );
  }

  const rejected = myRequest?.status === 'rejected';
  const rejectedNotice = rejected ? (
    <p className="mb-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      参加リクエストは見送られました
    </p>
  ) : null;

  if (event.status !== 'open') {
    const label = EVENT_STATUS_LABELS[event.status];
    return (
      <PanelCard title="参加" badge={<StatusPill tone="slate">{label}</StatusPill>}>
        {rejectedNotice}
        <p className="text-sm text-slate-700">
          このイベントは{label}のため、参加を受け付けていません。
        </p>
        <ActionError error={error} className="mt-3" />
      </PanelCard>
    );
  }

  // Full, or people already wait: the only way in is the end of the line.
  if (isFull(event) || event.waitlist.length > 0) {
    return (
      <PanelCard title="参加" badge={<StatusPill tone="red">満員</StatusPill>}>
        {rejectedNotice}
        <p className="text-sm text-slate-700">
          このイベントは満員です。キャンセル待ちに登録すると、空きが出たときに順番に繰り上がります。
          {event.waitlist.length > 0 ? `（現在${event.waitlist.length}人が待っています）` : ''}
        </p>
        {cannotAsk ? (
          <div className="mt-3">
            <StandingNotice refusal={cannotAsk} action="キャンセル待ちに登録する" />
          </div>
        ) : (
          <Button
            className="mt-3 w-full"
            busy={joinWaitlist.isPending}
            disabled={busy}
            onClick={() => run(() => joinWaitlist.mutateAsync(), 'キャンセル待ちに登録しました')}
          >
            キャンセル待ちに登録
          </Button>
        )}
        <ActionError error={error} className="mt-3" />
      </PanelCard>
    );
  }

  if (cannotAsk) {
    return (
      <PanelCard
        title="参加"
        badge={<StatusPill tone="brand">{EVENT_STATUS_LABELS.open}</StatusPill>}
      >
        {rejectedNotice}
        <StandingNotice
          refusal={cannotAsk}
          action={event.entryMethod === 'firstCome' ? '参加する' : '参加をリクエストする'}
        />
      </PanelCard>
    );
  }

  if (event.entryMethod === 'firstCome') {
    return (
      <PanelCard
        title="参加"
        badge={<StatusPill tone="brand">{EVENT_STATUS_LABELS.open}</StatusPill>}
      >
        <p className="text-sm text-slate-700">
          先着順のイベントです。空きがあれば、主催者の承認なしですぐに参加できます。
        </p>
        <Button className="mt-3 w-full" onClick={() => setConfirming('join')} disabled={busy}>
          今すぐ参加する
        </Button>
        <ActionError error={error} className="mt-3" />
        <ConfirmDialog
          open={confirming === 'join'}
          title="このイベントに参加しますか？"
          confirmLabel="参加する"
          busy={join.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => runConfirmed(() => join.mutateAsync(), 'イベントに参加しました')}
        >
          参加者として登録されます。参加できなくなったときは、早めに参加をやめてください。
        </ConfirmDialog>
      </PanelCard>
    );
  }

  return (
    <PanelCard
      title="参加"
      badge={<StatusPill tone="brand">{EVENT_STATUS_LABELS.open}</StatusPill>}
    >
      {rejectedNotice}
      <p className="mb-3 text-sm text-slate-700">
        承認制のイベントです。主催者が承認すると参加が確定します。
      </p>
      <RequestForm
        label="主催者へのメッセージ（任意）"
        busy={request.isPending}
        disabled={busy}
        onSubmit={(message) =>
          run(() => request.mutateAsync(message), '参加リクエストを送信しました')
        }
      />
      <ActionError error={error} className="mt-3" />
    </PanelCard>
  );
}
