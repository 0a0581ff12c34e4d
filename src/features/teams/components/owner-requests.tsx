import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RequestItem } from '@/components/ui/request-item';
import { ActionError } from '@/components/ui/standing-notice';
import { LoadError } from '@/components/ui/load-error';
import { PanelCard } from '@/components/ui/panel-card';
import { StatusPill } from '@/components/ui/status-pill';
import { Spinner } from '@/components/ui/spinner';
import {
  isTeamFull,
  TEAM_PENDING_REQUESTS_LIMIT,
  type Team,
  type TeamJoinRequest,
} from '@/domain/entities/team';
import type { UserProfile } from '@/domain/entities/user';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useTeamMembership } from '../team-mutations';
import { teamQueries } from '../team-queries';
import { useLiveTeam } from '../use-live-team';

function nameOf(profile: UserProfile | undefined): string {
  return profile?.displayName || 'ユーザー';
}

/** The owner's queue: pending requests, oldest first, each approved or rejected. */
export function OwnerRequests({ team, uid }: { team: Team; uid: string }) {
  const backend = useBackend();
  const requests = useQuery(teamQueries.requests(team.id, backend));
  const { approve, reject } = useTeamMembership(team.id);
  const [rowError, setRowError] = useState<{ id: string; error: unknown } | null>(null);
  const [confirmReject, setConfirmReject] = useState<TeamJoinRequest | null>(null);
  useLiveTeam(team.id, uid);

  const list = useMemo(() => requests.data ?? [], [requests.data]);
  const uids = useMemo(() => [...new Set(list.map((r) => r.userId))].sort(), [list]);
  const profiles = useQuery({
    ...teamQueries.requesters(team.id, uids, backend),
    enabled: uids.length > 0,
    placeholderData: keepPreviousData,
  });
  const byId = useMemo(() => new Map((profiles.data ?? []).map((p) => [p.id, p])), [profiles.data]);
  const full = isTeamFull(team);
  const busyId = approve.isPending ? approve.variables : reject.isPending ? reject.variables : null;

  const act = async (r: TeamJoinRequest, kind: 'approve' | 'reject') => {
    setRowError(null);
    const name = nameOf(byId.get(r.userId));
    try {
      if (kind === 'approve') {
        await approve.mutateAsync(r.id);
        toast({ title: `${name}さんをメンバーに加えました`, variant: 'success' });
      } else {
        await reject.mutateAsync(r.id);
        toast({ title: `${name}さんの参加リクエストを却下しました`, variant: 'success' });
      }
    } catch (e) {
      setRowError({ id: r.id, error: e });
    } finally {
      setConfirmReject(null);
    }
  };

  let body;
  if (requests.isPending) {
    body = <Spinner className="py-6" label="参加リクエストを読み込み中…" />;
  } else if (requests.isError) {
    body = (
      <LoadError
        message="参加リクエストを読み込めませんでした。"
        onRetry={() => void requests.refetch()}
        busy={requests.isFetching}
      />
    );
  } else if (list.length === 0) {
    body = (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        承認待ちの参加リクエストはありません
      </p>
    );
  } else {
    body = (
      <>
        {full ? (
          <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            上限人数に達しているため、これ以上承認できません。上限人数を増やすか、リクエストを却下してください。
          </p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {list.map((r) => {
            const profile = byId.get(r.userId);
            const name = nameOf(profile);
            return (
              <li key={r.id} className="py-3" aria-label={`${name}さんの参加リクエスト`}>
                <RequestItem
                  avatar={<Avatar name={name} photoURL={profile?.photoURL ?? ''} size={40} />}
                  name={name}
                  userId={r.userId}
                  createdAt={r.createdAt}
                  message={r.message}
                >
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <Button
                      onClick={() => void act(r, 'approve')}
                      disabled={full || busyId !== null}
                      busy={busyId === r.id && approve.isPending}
                      busyLabel="承認中…"
                    >
                      承認
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setConfirmReject(r)}
                      disabled={busyId !== null}
                    >
                      却下
                    </Button>
                  </div>
                  {rowError?.id === r.id ? (
                    <ActionError error={rowError.error} className="mt-3" />
                  ) : null}
                </RequestItem>
              </li>
            );
          })}
        </ul>
        {list.length >= TEAM_PENDING_REQUESTS_LIMIT ? (
          <p className="mt-2 text-xs text-slate-600">
            先に届いた{TEAM_PENDING_REQUESTS_LIMIT}
            件を表示しています。処理すると続きが表示されます。
          </p>
        ) : null}
      </>
    );
  }

  return (
    <PanelCard
      title="参加リクエスト"
      badge={
        list.length > 0 ? <StatusPill tone="amber">承認待ち {list.length}件</StatusPill> : null
      }
    >
      {body}
      <ConfirmDialog
        open={confirmReject !== null}
        title="参加リクエストを却下しますか？"
        confirmLabel="却下する"
        danger
        busy={reject.isPending}
        onCancel={() => setConfirmReject(null)}
        onConfirm={() => {
          if (confirmReject) void act(confirmReject, 'reject');
        }}
      >
        {confirmReject
          ? `${nameOf(byId.get(confirmReject.userId))}さんに、承認されなかったことが通知されます。`
          : null}
      </ConfirmDialog>
    </PanelCard>
  );
}
