import { useMemo } from 'react';
import { RequestQueue, useRequesterProfiles } from '@/components/flows/request-queue';
import { isTeamFull, TEAM_PENDING_REQUESTS_LIMIT, type Team } from '@/domain/entities/team';
import { useBackend } from '@/lib/backend-context';
import { useTeamMembership } from '../team-mutations';
import { teamQueries } from '../team-queries';
import { useLiveTeamQueue } from '../use-live-team';

/** The owner's queue: pending requests, oldest first, each approved or rejected. */
export function OwnerRequests({ team }: { team: Team }) {
  const backend = useBackend();
  const requests = useLiveTeamQueue(team.id);
  const { approve, reject } = useTeamMembership(team.id);

  const list = useMemo(() => requests.data ?? [], [requests.data]);
  const groups = useMemo(() => [list], [list]);
  const profiles = useRequesterProfiles(groups, (uids) =>
    teamQueries.requesters(team.id, uids, backend),
  );
  const full = isTeamFull(team);

  return (
    <RequestQueue
      status={{
        isPending: requests.isLoading,
        isError: !!requests.error,
        isFetching: false,
        refetch: requests.retry,
      }}
      requests={list}
      profiles={profiles}
      pendingCount={list.length}
      loadErrorMessage="参加リクエストを読み込めませんでした。"
      emptyMessage="承認待ちの参加リクエストはありません"
      notice={
        full
          ? '上限人数に達しているため、これ以上承認できません。上限人数を増やすか、リクエストを却下してください。'
          : null
      }
      footer={
        list.length >= TEAM_PENDING_REQUESTS_LIMIT ? (
          <p className="mt-2 text-xs text-slate-600">
            先に届いた{TEAM_PENDING_REQUESTS_LIMIT}
            件を表示しています。処理すると続きが表示されます。
          </p>
        ) : null
      }
      approve={approve}
      reject={reject}
      approvedTitle={(name) => `${name}さんをメンバーに加えました`}
      approveBlocked={full}
      approveBusyLabel="承認中…"
    />
  );
}
