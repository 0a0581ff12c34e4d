import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EVENT_STATUS_LABELS, isFull, type SportEvent } from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { formatRelative } from '@/domain/format';
import { useSession } from '@/features/auth/session';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { OrganizerRequests } from './organizer-requests';
import { InlineError, PanelCard, StatusPill } from '@/components/ui/panel';
import {
  participationQueries,
  refreshEventForViewer,
  useParticipationMutations,
} from './participation-queries';
import { RequestForm } from '@/components/ui/request-form';
import { useLiveParticipation } from './use-live-participation';

/**
 * What the event page offers for taking part, by who is looking: a sign-in link for visitors,
 * request / cancel / join / leave for signed-in users, and the request list for the organizer.
 * The backends apply the rules; this only decides which actions to offer.
 */
export function ParticipationPanel({ event }: { event: SportEvent }) {
  const { state } = useSession();
  if (state.status === 'loading') {
    return (
      <PanelCard title="参加">
        <Spinner className="py-6" />
      </PanelCard>
    );
  }
  if (state.status === 'signedOut') {
    const returnUrl = `/events/${event.id}`;
    return (
      <PanelCard title="参加">
        <p className="text-sm text-slate-600">参加をリクエストするにはログインが必要です。</p>
        <Link
          to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
          className={buttonClass('primary', 'mt-3 w-full')}
        >
          ログインして参加をリクエスト
        </Link>
      </PanelCard>
    );
  }
  const uid = state.user.uid;
  if (event.organizerId === uid) return <OrganizerRequests event={event} uid={uid} />;
  return <VisitorPanel event={event} uid={uid} />;
}

type Confirming = 'join' | 'leave' | 'cancel' | null;

function VisitorPanel({ event, uid }: { event: SportEvent; uid: string }) {
  const backend = useBackend();
  const client = useQueryClient();
  const mine = useQuery(participationQueries.mine(uid, event.id, backend));
  const { request, cancel, join, leave } = useParticipationMutations(event.id);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  useLiveParticipation(event.id, uid, 'visitor');

  const participating = event.participants.includes(uid);
  const myRequest = mine.data ?? null;
  const busy = request.isPending || cancel.isPending || join.isPending || leave.isPending;

  /** Runs an action; its failure shows inline with the catalogue message. */
  const run = async (action: () => Promise<unknown>, success: string): Promise<void> => {
    setError(null);
    try {
      await action();
      toast({ title: success, variant: 'success' });
    } catch (e) {
      setError(errorMessage(e));
      // A refusal usually means the screen was behind (someone filled the last spot, the
      // organizer closed the event): show the current state beside the reason.
      void refreshEventForViewer(client, event.id, uid);
      throw e;
    } finally {
      setConfirming(null);
    }
  };
  const runConfirmed = (action: () => Promise<unknown>, success: string) => {
    run(action, success).catch(() => {});
  };

  if (!participating && mine.isPending) {
    return (
      <PanelCard title="参加">
        <Spinner className="py-6" label="参加状況を確認中…" />
      </PanelCard>
    );
  }

  if (participating && (event.status === 'cancelled' || event.status === 'finished')) {
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

  if (!participating && mine.isError) {
    return (
      <PanelCard title="参加">
        <p role="alert" className="text-sm text-red-700">
          参加状況を読み込めませんでした。通信環境を確認して、もう一度お試しください。
        </p>
        <Button
          variant="secondary"
          className="mt-3 w-full"
          onClick={() => void mine.refetch()}
          busy={mine.isFetching}
        >
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
        <Button
          variant="secondary"
          className="mt-4 w-full"
          onClick={() => setConfirming('leave')}
          disabled={busy}
        >
          参加をやめる
        </Button>
        <InlineError message={error} />
        <ConfirmDialog
          open={confirming === 'leave'}
          title="このイベントへの参加をやめますか？"
          confirmLabel="やめる"
          danger
          busy={leave.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => runConfirmed(() => leave.mutateAsync(), '参加をやめました')}
        >
          もう一度参加するには、改めて参加リクエストを送る必要があります。
        </ConfirmDialog>
      </PanelCard>
    );
  }

  if (myRequest?.status === 'pending') {
    return (
      <PanelCard title="参加" badge={<StatusPill tone="amber">承認待ち</StatusPill>}>
        <p className="font-semibold text-amber-900">承認待ち</p>
        <p className="mt-1 text-sm text-slate-600">
          参加リクエストを送信しました。主催者の承認をお待ちください。
          {myRequest.createdAt ? (
            <span className="ml-1 text-slate-500">
              （{formatRelative(myRequest.createdAt)}に送信）
            </span>
          ) : null}
        </p>
        {myRequest.message ? (
          <blockquote className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700">
            {myRequest.message}
          </blockquote>
        ) : null}
        <Button
          variant="secondary"
          className="mt-4 w-full"
          onClick={() => setConfirming('cancel')}
          disabled={busy}
        >
          リクエストを取り消す
        </Button>
        <InlineError message={error} />
        <ConfirmDialog
          open={confirming === 'cancel'}
          title="参加リクエストを取り消しますか？"
          confirmLabel="取り消す"
          danger
          busy={cancel.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            runConfirmed(() => cancel.mutateAsync(myRequest.id), '参加リクエストを取り消しました')
          }
        />
      </PanelCard>
    );
  }

  const rejected = myRequest?.status === 'rejected';
  const rejectedNotice = rejected ? (
    <p className="mb-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      参加リクエストは承認されませんでした
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
        <InlineError message={error} />
      </PanelCard>
    );
  }

  if (isFull(event)) {
    return (
      <PanelCard title="参加" badge={<StatusPill tone="red">満員</StatusPill>}>
        {rejectedNotice}
        <p className="text-sm text-slate-700">
          このイベントは満員のため、現在参加を受け付けていません。
        </p>
        <InlineError message={error} />
      </PanelCard>
    );
  }

  return (
    <PanelCard
      title="参加"
      badge={<StatusPill tone="brand">{EVENT_STATUS_LABELS.open}</StatusPill>}
    >
      {rejectedNotice}
      <RequestForm
        label="主催者へのメッセージ（任意）"
        busy={request.isPending}
        disabled={busy}
        onSubmit={(message) =>
          run(() => request.mutateAsync(message), '参加リクエストを送信しました')
        }
      />
      <div className="mt-3 border-t border-slate-200 pt-3">
        <p className="text-xs text-slate-500">主催者の承認を待たずに参加することもできます。</p>
        <Button
          variant="secondary"
          className="mt-2 w-full"
          onClick={() => setConfirming('join')}
          disabled={busy}
        >
          今すぐ参加する
        </Button>
      </div>
      <InlineError message={error} />
      <ConfirmDialog
        open={confirming === 'join'}
        title="このイベントに参加しますか？"
        confirmLabel="参加する"
        busy={join.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => runConfirmed(() => join.mutateAsync(), 'イベントに参加しました')}
      >
        主催者の承認を待たずに、参加者として登録されます。
      </ConfirmDialog>
    </PanelCard>
  );
}
