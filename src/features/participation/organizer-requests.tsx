import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { RequestQueue, useRequesterProfiles } from '@/components/ui/request-queue';
import { StatusPill } from '@/components/ui/status-pill';
import { isFull, type SportEvent } from '@/domain/entities/event';
import { takesApprovals } from '@/domain/rules/participation';
import {
  REQUEST_STATUS_LABELS,
  type ParticipationRequest,
} from '@/domain/entities/participation-request';
import { useBackend } from '@/lib/backend-context';
import { participationQueries, useParticipationMutations } from './participation-queries';
import { useLiveParticipation } from './use-live-participation';

/** Requests shown (and requester profiles read) per step; the users port takes capped lists. */
const REQUESTS_PAGE = 20;

const time = (d: Date | null) => d?.getTime() ?? 0;

/** Pending first, oldest first (first come, first served); then the processed ones, latest first. */
export function sortRequests(list: ParticipationRequest[]): ParticipationRequest[] {
  const pending = list
    .filter((r) => r.status === 'pending')
    .sort((a, b) => time(a.createdAt) - time(b.createdAt));
  const processed = list
    .filter((r) => r.status !== 'pending')
    .sort((a, b) => time(b.updatedAt ?? b.createdAt) - time(a.updatedAt ?? a.createdAt));
  return [...pending, ...processed];
}

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'slate' } as const;

export function OrganizerRequests({ event, uid }: { event: SportEvent; uid: string }) {
  const backend = useBackend();
  const requests = useQuery(participationQueries.forEvent(event.id, backend));
  const { approve, reject } = useParticipationMutations(event.id);
  const [limit, setLimit] = useState(REQUESTS_PAGE);
  useLiveParticipation(event.id, uid, 'organizer');

  const sorted = useMemo(() => sortRequests(requests.data ?? []), [requests.data]);
  const visible = useMemo(() => sorted.slice(0, limit), [sorted, limit]);
  const profiles = useRequesterProfiles(visible, (uids) =>
    participationQueries.requesters(event.id, uids, backend),
  );

  const pendingCount = sorted.filter((r) => r.status === 'pending').length;
  const full = isFull(event);
  const ended = !takesApprovals(event);
  const blocked = ended
    ? '終了・中止したイベントには追加できません'
    : full
      ? '定員に達しています'
      : null;

  return (
    <RequestQueue
      status={requests}
      requests={visible}
      profiles={profiles}
      pendingCount={pendingCount}
      loadErrorMessage="参加リクエストを読み込めませんでした"
      emptyMessage="参加リクエストはまだありません"
      notice={full && pendingCount > 0 ? '定員に達しているため、これ以上承認できません。' : null}
      footer={
        sorted.length > visible.length ? (
          <Button
            variant="ghost"
            className="mt-2 w-full"
            onClick={() => setLimit((n) => n + REQUESTS_PAGE)}
          >
            さらに表示（残り{sorted.length - visible.length}件）
          </Button>
        ) : null
      }
      approve={approve}
      reject={reject}
      approvedTitle={(name) => `${name}さんの参加を承認しました`}
      badge={(r) => (
        <StatusPill tone={STATUS_TONE[r.status]}>{REQUEST_STATUS_LABELS[r.status]}</StatusPill>
      )}
      decidable={(r) => r.status === 'pending'}
      approveBlocked={blocked !== null}
      blockedReason={blocked}
    />
  );
}
