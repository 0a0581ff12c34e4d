import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryLoadMore } from '@/components/ui/load-more';
import { RequestQueue, useRequesterProfiles } from '@/components/flows/request-queue';
import { StatusPill } from '@/components/ui/status-pill';
import { isFull, type SportEvent } from '@/domain/entities/event';
import { takesApprovals } from '@/domain/rules/participation';
import { REQUEST_STATUS_LABELS } from '@/domain/entities/participation-request';
import { ReliabilityBadge } from '@/features/attendance/public';
import { useBackend } from '@/lib/backend-context';
import { useParticipationMutations } from './participation-mutations';
import { participationQueries } from './participation-queries';
import { useLiveEventRequests } from './use-live-participation';

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'slate' } as const;

/**
 * The organizer's requests, a page at a time in the organizer's order (pending oldest first, then
 * the decided ones, latest first), each page's requesters read once; the pending count is counted
 * by the backend, not from the pages shown.
 */
export function OrganizerRequests({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const { requests, liveError, retry } = useLiveEventRequests(event.id);
  const pendingCount = useQuery(participationQueries.pendingCount(event.id, backend));
  const { approve, reject } = useParticipationMutations(event.id);

  const pages = useMemo(() => requests.data?.pages.map((p) => p.items) ?? [], [requests.data]);
  const shown = useMemo(() => pages.flat(), [pages]);
  const profiles = useRequesterProfiles(pages, (uids) =>
    participationQueries.requesters(event.id, uids, backend),
  );

  const pending = pendingCount.data ?? shown.filter((r) => r.status === 'pending').length;
  const full = isFull(event);
  const ended = !takesApprovals(event, new Date());
  const blocked = ended
    ? '終了・中止したイベントには追加できません'
    : full
      ? '定員に達しています'
      : null;

  return (
    <RequestQueue
      // A failed further page keeps the pages shown; its error shows under them. A stopped
      // listener is the list's error: what is shown would no longer follow changes.
      status={{
        isPending: requests.isPending && !liveError,
        isError: (requests.isError && !requests.data) || !!liveError,
        // A stopped listener is retried at once: the list's own retry of its first page waits
        // on that listener.
        isFetching: requests.isFetching && !liveError,
        refetch: retry,
      }}
      requests={shown}
      profiles={profiles}
      pendingCount={pending}
      loadErrorMessage="参加リクエストを読み込めませんでした"
      emptyMessage="参加リクエストはまだありません"
      notice={full && pending > 0 ? '定員に達しているため、これ以上承認できません。' : null}
      footer={<QueryLoadMore className="mt-2" query={requests} />}
      approve={approve}
      reject={reject}
      approvedTitle={(name) => `${name}さんの参加を承認しました`}
      badge={(r) => (
        <>
          {r.fromWaitlist ? <StatusPill tone="amber">キャンセル待ちから繰り上げ</StatusPill> : null}
          <StatusPill tone={STATUS_TONE[r.status]}>{REQUEST_STATUS_LABELS[r.status]}</StatusPill>
        </>
      )}
      beside={(r) => <ReliabilityBadge uid={r.userId} />}
      decidable={(r) => r.status === 'pending'}
      approveBlocked={blocked !== null}
      blockedReason={blocked}
    />
  );
}
