import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isFull, type SportEvent } from '@/domain/entities/event';
import { takesApprovals } from '@/domain/rules/participation';
import {
  REQUEST_STATUS_LABELS,
  type ParticipationRequest,
} from '@/domain/entities/participation-request';
import type { UserProfile } from '@/domain/entities/user';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RequestItem } from '@/components/ui/request-item';
import { ActionError } from '@/components/ui/standing-notice';
import { LoadError } from '@/components/ui/load-error';
import { PanelCard } from '@/components/ui/panel-card';
import { StatusPill } from '@/components/ui/status-pill';
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
  const [rowError, setRowError] = useState<{ id: string; error: unknown } | null>(null);
  const [confirmReject, setConfirmReject] = useState<ParticipationRequest | null>(null);
  useLiveParticipation(event.id, uid, 'organizer');

  const sorted = useMemo(() => sortRequests(requests.data ?? []), [requests.data]);
  const visible = sorted.slice(0, limit);
  const uids = useMemo(() => [...new Set(visible.map((r) => r.userId))].sort(), [visible]);
  const profiles = useQuery({
    ...participationQueries.requesters(event.id, uids, backend),
    enabled: uids.length > 0,
    placeholderData: keepPreviousData,
  });
  const byId = useMemo(() => new Map((profiles.data ?? []).map((p) => [p.id, p])), [profiles.data]);

  const pendingCount = sorted.filter((r) => r.status === 'pending').length;
  const full = isFull(event);
  const ended = !takesApprovals(event);
  const blocked = ended
    ? '終了・中止したイベントには追加できません'
    : full
      ? '定員に達しています'
      : null;
  const busyId = approve.isPending ? approve.variables : reject.isPending ? reject.variables : null;

  const act = async (r: ParticipationRequest, kind: 'approve' | 'reject') => {
    setRowError(null);
    const name = nameOf(byId.get(r.userId));
    try {
      if (kind === 'approve') {
        await approve.mutateAsync(r.id);
        toast({ title: `${name}さんの参加を承認しました`, variant: 'success' });
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
        message="参加リクエストを読み込めませんでした"
        onRetry={() => void requests.refetch()}
        busy={requests.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    body = (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
        参加リクエストはまだありません
      </p>
    );
  } else {
    body = (
      <>
        {full && pendingCount > 0 ? (
          <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            定員に達しているため、これ以上承認できません。
          </p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {visible.map((r) => {
            const profile = byId.get(r.userId);
            const name = nameOf(profile);
            const busy = busyId === r.id;
            return (
              <li key={r.id} className="py-3" aria-label={`${name}さんの参加リクエスト`}>
                <RequestItem
                  avatar={<Avatar name={name} photoURL={profile?.photoURL ?? ''} size={40} />}
                  name={name}
                  userId={r.userId}
                  createdAt={r.createdAt}
                  message={r.message}
                  badge={
                    <StatusPill tone={STATUS_TONE[r.status]}>
                      {REQUEST_STATUS_LABELS[r.status]}
                    </StatusPill>
                  }
                >
                  {r.status === 'pending' ? (
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <Button
                        onClick={() => void act(r, 'approve')}
                        disabled={blocked !== null || busyId !== null}
                        busy={busy && approve.isPending}
                        aria-describedby={blocked ? `blocked-${r.id}` : undefined}
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
                      {blocked ? (
                        <span id={`blocked-${r.id}`} className="text-xs font-semibold text-red-700">
                          {blocked}
                        </span>
                      ) : null}
                    </div>
                  ) : null}
                  {rowError?.id === r.id ? (
                    <ActionError error={rowError.error} className="mt-3" />
                  ) : null}
                </RequestItem>
              </li>
            );
          })}
        </ul>
        {sorted.length > visible.length ? (
          <Button
            variant="ghost"
            className="mt-2 w-full"
            onClick={() => setLimit((n) => n + REQUESTS_PAGE)}
          >
            さらに表示（残り{sorted.length - visible.length}件）
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <PanelCard
      title="参加リクエスト"
      badge={
        pendingCount > 0 ? <StatusPill tone="amber">承認待ち {pendingCount}件</StatusPill> : null
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

function nameOf(profile: UserProfile | undefined): string {
  return profile?.displayName || 'ユーザー';
}
