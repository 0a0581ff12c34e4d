import { useMemo, useState, type ReactNode } from 'react';
import {
  keepPreviousData,
  useQueries,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { UserProfile } from '@/domain/entities/user';
import { toast } from '@/lib/toast-store';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { PanelCard } from '@/components/ui/panel-card';
import { RequestItem } from './request-item';
import { Spinner } from '@/components/ui/spinner';
import { ActionError } from './standing-notice';
import { StatusPill } from '@/components/ui/status-pill';

/** A join request as whoever decides sees it (an event's, a team's). */
export interface QueuedRequest {
  id: string;
  userId: string;
  createdAt: Date | null;
  message: string;
}

/** The approve or reject mutation of a request queue, called with the request's id. */
interface Decision {
  mutateAsync: (requestId: string) => Promise<unknown>;
  isPending: boolean;
  variables: string | undefined;
}

function nameOf(profile: UserProfile | undefined): string {
  return profile?.displayName || 'ユーザー';
}

/**
 * The profiles of the people behind the shown requests, by id, read a group at a time: one group
 * a page of requests, so showing a further page reads only its own requesters. `options` is the
 * feature's requesters query for one group's uids (sorted, without repeats); a group's previous
 * answer stays while its next one is read.
 */
export function useRequesterProfiles<K extends QueryKey>(
  groups: readonly (readonly QueuedRequest[])[],
  options: (uids: readonly string[]) => UseQueryOptions<UserProfile[], Error, UserProfile[], K>,
): Map<string, UserProfile> {
  const uidGroups = useMemo(
    () =>
      groups
        .map((g) => [...new Set(g.map((r) => r.userId))].sort())
        .filter((uids) => uids.length > 0),
    [groups],
  );
  return useQueries({
    queries: uidGroups.map((uids) => ({ ...options(uids), placeholderData: keepPreviousData })),
    combine: (results) => new Map(results.flatMap((r) => r.data ?? []).map((p) => [p.id, p])),
  });
}

/**
 * The decider's panel of join requests: loading, error with retry, empty, then one row a request
 * (who, when, their message) with approve and reject; rejecting asks first, and tells the
 * requester. A failed decision shows under its row. `decidable` says which rows take a decision
 * (pending ones); `approveBlocked` disables approving (full, ended), with `blockedReason` beside
 * the button when given.
 */
export function RequestQueue<R extends QueuedRequest>({
  status,
  requests,
  profiles,
  pendingCount,
  loadErrorMessage,
  emptyMessage,
  notice,
  footer,
  approve,
  reject,
  approvedTitle,
  badge,
  beside,
  decidable = () => true,
  approveBlocked,
  blockedReason = null,
  approveBusyLabel,
}: {
  status: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** The requests shown, in order. */
  requests: readonly R[];
  profiles: Map<string, UserProfile>;
  pendingCount: number;
  loadErrorMessage: string;
  emptyMessage: string;
  /** Shown above the list (why no more can be approved). */
  notice?: ReactNode;
  /** Shown below the list (more, or the cap). */
  footer?: ReactNode;
  approve: Decision;
  reject: Decision;
  /** The toast after an approval, for the requester's name. */
  approvedTitle: (name: string) => string;
  badge?: (request: R) => ReactNode;
  /** Shown next to 承認 / 却下 on a row that takes a decision (the requester's record). */
  beside?: (request: R) => ReactNode;
  decidable?: (request: R) => boolean;
  approveBlocked: boolean;
  blockedReason?: string | null;
  approveBusyLabel?: string;
}) {
  const [rowError, setRowError] = useState<{ id: string; error: unknown } | null>(null);
  const [confirmReject, setConfirmReject] = useState<R | null>(null);
  const busyId = approve.isPending ? approve.variables : reject.isPending ? reject.variables : null;

  const act = async (r: R, kind: 'approve' | 'reject') => {
    setRowError(null);
    const name = nameOf(profiles.get(r.userId));
    try {
      if (kind === 'approve') {
        await approve.mutateAsync(r.id);
        toast({ title: approvedTitle(name), variant: 'success' });
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
  if (status.isPending) {
    body = <Spinner className="py-6" label="参加リクエストを読み込み中…" />;
  } else if (status.isError) {
    body = (
      <LoadError
        message={loadErrorMessage}
        onRetry={() => void status.refetch()}
        busy={status.isFetching}
      />
    );
  } else if (requests.length === 0) {
    body = (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        {emptyMessage}
      </p>
    );
  } else {
    body = (
      <>
        {notice ? (
          <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{notice}</p>
        ) : null}
        <ul className="divide-y divide-slate-200">
          {requests.map((r) => {
            const profile = profiles.get(r.userId);
            const name = nameOf(profile);
            return (
              <li key={r.id} className="py-3" aria-label={`${name}さんの参加リクエスト`}>
                <RequestItem
                  avatar={<Avatar name={name} photoURL={profile?.photoURL ?? ''} size={40} />}
                  name={name}
                  userId={r.userId}
                  createdAt={r.createdAt}
                  message={r.message}
                  badge={badge?.(r)}
                >
                  {decidable(r) ? (
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <Button
                        onClick={() => void act(r, 'approve')}
                        disabled={approveBlocked || busyId !== null}
                        busy={busyId === r.id && approve.isPending}
                        busyLabel={approveBusyLabel}
                        aria-describedby={blockedReason ? `blocked-${r.id}` : undefined}
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
                      {beside?.(r)}
                      {blockedReason ? (
                        <span id={`blocked-${r.id}`} className="text-xs font-semibold text-red-700">
                          {blockedReason}
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
        {footer}
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
          ? `${nameOf(profiles.get(confirmReject.userId))}さんに、承認されなかったことが通知されます。`
          : null}
      </ConfirmDialog>
    </PanelCard>
  );
}
