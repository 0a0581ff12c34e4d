import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ActionError, StandingNotice } from '@/components/flows/standing-notice';
import { LoadError } from '@/components/ui/load-error';
import { PanelCard } from '@/components/ui/panel-card';
import { StatusPill } from '@/components/ui/status-pill';
import { LeaveAction, PendingRequestCard } from '@/components/flows/join-panel';
import { SignInToJoin } from '@/components/ui/sign-in-to-join';
import { RequestForm } from '@/components/flows/request-form';
import { Spinner } from '@/components/ui/spinner';
import { isTeamFull, type Team } from '@/domain/entities/team';
import { useSession, useWriteRefusal } from '@/features/auth/public';
import { useActionRunner } from '@/lib/use-action-runner';
import { refreshTeamForViewer, useTeamMembership } from '../team-mutations';
import { useMyLiveTeamRequest } from '../use-live-team';

const TITLE = 'チームに参加';

/**
 * What the team page offers for joining, by who is looking: a sign-in link for visitors, asking
 * to join / cancelling / leaving for signed-in users. The owner manages the team elsewhere on
 * the page. The backends apply the rules; this only decides which actions to offer.
 */
export function MembershipPanel({ team }: { team: Team }) {
  const { state } = useSession();
  if (state.status === 'loading') {
    return (
      <PanelCard title={TITLE}>
        <Spinner className="py-6" />
      </PanelCard>
    );
  }
  if (state.status === 'signedOut') {
    return (
      <SignInToJoin
        title={TITLE}
        reason="チームに参加するにはログインが必要です。"
        returnUrl={`/teams/${team.id}`}
      />
    );
  }
  if (team.ownerId === state.user.uid) return null;
  return <VisitorPanel team={team} uid={state.user.uid} />;
}

type Confirming = 'leave' | 'cancel';

function VisitorPanel({ team, uid }: { team: Team; uid: string }) {
  const client = useQueryClient();
  const mine = useMyLiveTeamRequest(team.id, uid);
  const { request, cancel, leave } = useTeamMembership(team.id);
  const runner = useActionRunner<Confirming>(() => void refreshTeamForViewer(client, team.id, uid));
  const { error, confirming, setConfirming, run, runConfirmed } = runner;
  // Asked first, so the panel says why instead of offering what the backend would refuse.
  const suspended = useWriteRefusal('active') !== null;
  const cannotAsk = useWriteRefusal('verified');

  const member = team.members.includes(uid);
  const myRequest = mine.data ?? null;
  const busy = request.isPending || cancel.isPending || leave.isPending;

  if (!member && mine.isLoading) {
    return (
      <PanelCard title={TITLE}>
        <Spinner className="py-6" label="参加状況を確認中…" />
      </PanelCard>
    );
  }

  if (!member && mine.error) {
    return (
      <PanelCard title={TITLE}>
        <LoadError
          message="参加状況を読み込めませんでした。通信環境を確認して、もう一度お試しください。"
          onRetry={mine.retry}
        />
      </PanelCard>
    );
  }

  if (member) {
    return (
      <PanelCard title={TITLE} badge={<StatusPill tone="green">メンバー</StatusPill>}>
        <p className="font-semibold text-emerald-800">このチームのメンバーです</p>
        <p className="mt-1 text-sm text-slate-600">
          チームのイベントを作成すると、このページに表示されます。
        </p>
        <Link to="/create-event" className={buttonClass('primary', 'mt-4 w-full')}>
          チームのイベントを作成
        </Link>
        <LeaveAction
          label="チームを抜ける"
          confirmTitle="このチームを抜けますか？"
          confirmLabel="抜ける"
          consequence="もう一度参加するには、改めて参加リクエストを送り、代表者の承認を受ける必要があります。"
          suspended={suspended}
          disabled={busy}
          error={error}
          open={confirming === 'leave'}
          busy={leave.isPending}
          onOpen={() => setConfirming('leave')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => runConfirmed(() => leave.mutateAsync(), 'チームを抜けました')}
        />
      </PanelCard>
    );
  }

  if (myRequest?.status === 'pending') {
    return (
      <PendingRequestCard
        title={TITLE}
        decider="代表者"
        request={myRequest}
        runner={runner}
        suspended={suspended}
        disabled={busy}
        cancelling={cancel.isPending}
        onCancel={() => cancel.mutateAsync(myRequest.id)}
      />
    );
  }

  const rejectedNotice =
    myRequest?.status === 'rejected' ? (
      <p className="mb-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
        前回の参加リクエストは見送られました
      </p>
    ) : null;

  if (!team.recruiting || isTeamFull(team)) {
    const closed = !team.recruiting;
    return (
      <PanelCard
        title={TITLE}
        badge={
          <StatusPill tone={closed ? 'slate' : 'red'}>{closed ? '募集停止' : '満員'}</StatusPill>
        }
      >
        {rejectedNotice}
        <p className="text-sm text-slate-700">
          {closed
            ? 'このチームは現在メンバーを募集していません。'
            : 'このチームは上限人数に達しているため、現在参加を受け付けていません。'}
        </p>
        <ActionError error={error} className="mt-3" />
      </PanelCard>
    );
  }

  if (cannotAsk) {
    return (
      <PanelCard title={TITLE} badge={<StatusPill tone="green">メンバー募集中</StatusPill>}>
        {rejectedNotice}
        <StandingNotice refusal={cannotAsk} action="チームへの参加をリクエストする" />
      </PanelCard>
    );
  }

  return (
    <PanelCard title={TITLE} badge={<StatusPill tone="green">メンバー募集中</StatusPill>}>
      {rejectedNotice}
      <RequestForm
        label="代表者へのメッセージ（任意）"
        placeholder="例：経験は3年ほどです。週末の練習に参加したいです。"
        busy={request.isPending}
        disabled={busy}
        onSubmit={(message) =>
          run(() => request.mutateAsync(message), '参加リクエストを送信しました')
        }
      />
      <p className="mt-3 text-xs text-slate-600">
        代表者が承認すると、チームのメンバーになります。結果は通知でお知らせします。
      </p>
      <ActionError error={error} className="mt-3" />
    </PanelCard>
  );
}
