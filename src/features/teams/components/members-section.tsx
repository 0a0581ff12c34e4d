import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ActionError } from '@/components/flows/standing-notice';
import { LoadError } from '@/components/ui/load-error';
import { membersToShow, type Team } from '@/domain/entities/team';
import type { UserProfile } from '@/domain/entities/user';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useTeamMembership } from '../team-mutations';
import { teamQueries } from '../team-queries';
import { memberCountText } from './team-badges';

/**
 * The member count and the first TEAM_DETAIL_MEMBER_PROFILES profiles (never more are read),
 * the owner first. The owner may remove a member, after confirming.
 */
export function MembersSection({ team, isOwner }: { team: Team; isOwner: boolean }) {
  const backend = useBackend();
  const ids = membersToShow(team);
  const profiles = useQuery({
    ...teamQueries.members(team.id, ids, backend),
    enabled: ids.length > 0,
  });
  const { remove } = useTeamMembership(team.id);
  const [removing, setRemoving] = useState<UserProfile | null>(null);
  const [error, setError] = useState<unknown>(null);
  const byId = new Map((profiles.data ?? []).map((p) => [p.id, p]));
  const shown = ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
  const rest = team.members.length - shown.length;

  const confirmRemove = (member: UserProfile) => {
    setError(null);
    remove.mutate(member.id, {
      onSuccess: () =>
        toast({
          title: `${member.displayName || 'メンバー'}さんをチームから外しました`,
          variant: 'success',
        }),
      onError: setError,
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading" className="text-lg font-bold text-slate-900">
        メンバー{' '}
        <span className="text-base font-semibold text-slate-600">{memberCountText(team)}</span>
      </h2>
      {profiles.isPending && ids.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-hidden="true">
          {ids.slice(0, 5).map((id) => (
            <li key={id} className="h-11 animate-pulse rounded-md bg-slate-100" />
          ))}
        </ul>
      ) : profiles.isError ? (
        <LoadError
          className="mt-3"
          message="メンバーを読み込めませんでした。"
          onRetry={() => void profiles.refetch()}
          busy={profiles.isFetching}
        />
      ) : (
        <>
          <ul className="mt-3 divide-y divide-slate-100">
            {shown.map((p) => {
              const owner = p.id === team.ownerId;
              const name = p.displayName || '名前未設定';
              return (
                <li key={p.id} className="flex min-h-12 items-center gap-3 py-1.5">
                  <Link
                    to={`/profile/${encodeURIComponent(p.id)}`}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 hover:bg-slate-50"
                  >
                    <Avatar name={name} photoURL={p.photoURL} size={36} />
                    <span className="truncate text-sm font-medium text-slate-900">{name}</span>
                    {owner ? (
                      <span className="shrink-0 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                        代表
                      </span>
                    ) : null}
                  </Link>
                  {isOwner && !owner ? (
                    <Button
                      variant="ghost"
                      className="shrink-0 text-red-700"
                      onClick={() => setRemoving(p)}
                      disabled={remove.isPending}
                      aria-label={`${name}さんをチームから外す`}
                    >
                      外す
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {rest > 0 ? (
            <p className="mt-2 text-sm text-slate-600">ほか{rest}人のメンバーがいます</p>
          ) : null}
        </>
      )}
      <ActionError error={error} className="mt-3" />
      <ConfirmDialog
        open={removing !== null}
        title={`${removing?.displayName || 'このメンバー'}さんをチームから外しますか？`}
        confirmLabel="外す"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && confirmRemove(removing)}
      >
        外されたメンバーがもう一度参加するには、改めて参加リクエストが必要です。
      </ConfirmDialog>
    </section>
  );
}
