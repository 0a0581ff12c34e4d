import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@/lib/use-mutation';
import { Link } from 'react-router-dom';
import { PanelCard } from '@/components/ui/panel-card';
import { errorMessage } from '@/domain/errors';
import { useBackend } from '@/lib/backend-context';
import { followQueries } from './follow-queries';

/** 「フォロー中」 on one's own profile: whom one follows, newest first, each with フォローをやめる. */
export default function FollowingList({ uid }: { uid: string }) {
  const backend = useBackend();
  const client = useQueryClient();
  const list = useQuery(followQueries.mine(uid, backend));
  const stop = useMutation({
    mutationFn: (target: { kind: 'user' | 'team'; id: string }) => backend.follows.unfollow(target),
    onSettled: () => client.invalidateQueries({ queryKey: followQueries.all }),
    meta: { silent: true },
  });
  return (
    <PanelCard title="フォロー中">
      {list.isPending ? (
        <p className="text-sm text-slate-500">読み込み中…</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(list.error, 'フォロー中の一覧を読み込めませんでした')}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          フォローしている主催者やチームはありません。プロフィールやチームのページから「フォローする」を押すと、新しいイベントのお知らせが届きます。
        </p>
      ) : (
        <ul aria-label="フォロー中">
          {list.data.map((f) => {
            const href = `/${f.targetKind === 'user' ? 'profile' : 'teams'}/${encodeURIComponent(f.targetId)}`;
            const name = f.targetName || (f.targetKind === 'user' ? 'ユーザー' : 'チーム');
            return (
              <li
                key={f.id}
                className="flex items-center justify-between gap-3 border-b border-slate-100 py-2 last:border-b-0"
              >
                <span className="min-w-0">
                  <Link to={href} className="font-semibold text-brand-700 hover:underline">
                    {name}
                  </Link>
                  <span className="ml-2 text-xs text-slate-500">
                    {f.targetKind === 'user' ? '主催者' : 'チーム'}
                  </span>
                </span>
                <button
                  type="button"
                  className="shrink-0 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
                  aria-label={`${name}のフォローをやめる`}
                  disabled={stop.isPending}
                  onClick={() => stop.mutate({ kind: f.targetKind, id: f.targetId })}
                >
                  フォローをやめる
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </PanelCard>
  );
}
