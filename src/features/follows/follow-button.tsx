import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { errorMessage } from '@/domain/errors';
import type { FollowTarget } from '@/domain/rules/follow-notices';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { followQueries } from './follow-queries';

/**
 * フォローする / フォロー中 beside an organizer's or a team's name, with the follower count
 * (docs/follows.md). Loaded after the page is shown (./public.ts). A visitor is offered the
 * login first; one's own profile shows the count only.
 */
export default function FollowButton({ target, name }: { target: FollowTarget; name: string }) {
  const backend = useBackend();
  const user = useCurrentUser();
  const location = useLocation();
  const client = useQueryClient();
  const uid = user?.uid ?? null;
  const following = useQuery(followQueries.isFollowing(uid, target, backend));
  const count = useQuery(followQueries.count(target, backend));
  const toggle = useMutation({
    mutationFn: (follow: boolean) =>
      follow ? backend.follows.follow(target) : backend.follows.unfollow(target),
    onSettled: () => client.invalidateQueries({ queryKey: followQueries.all }),
    meta: { silent: true },
  });
  const isMe = target.kind === 'user' && uid === target.id;
  const counted = (
    <span className="text-sm text-slate-600" aria-live="polite">
      フォロワー <span className="font-semibold text-slate-900">{count.data ?? 0}</span>人
    </span>
  );
  if (isMe) return <div className="flex items-center gap-3">{counted}</div>;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
          className={buttonClass('secondary')}
        >
          フォローする
        </Link>
        {counted}
      </div>
    );
  }
  const on = following.data === true;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={on}
        aria-label={on ? `${name}のフォローをやめる` : `${name}をフォローする`}
        disabled={following.isPending || toggle.isPending}
        onClick={() => toggle.mutate(!on)}
        className={buttonClass(on ? 'secondary' : 'primary')}
      >
        {on ? 'フォロー中' : 'フォローする'}
      </button>
      {counted}
      {toggle.isError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {errorMessage(toggle.error, 'フォローを変更できませんでした')}
        </p>
      ) : null}
    </div>
  );
}
