import { useQuery } from '@tanstack/react-query';
import type { BoardRef } from '@/domain/rules/boards';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { boardQueries } from './board-queries';

/**
 * 「掲示板に新着」 where someone else posted on a board since the signed-in user last read it
 * (docs/board.md "Reads, listeners, unread marks"): a few documents per board, whatever the number
 * of posts. Nothing for a visitor, nothing while unknown, and nothing on a failure (the board
 * itself says so when opened).
 */
export default function BoardUnreadMark({
  board,
  className = '',
  href,
}: {
  board: BoardRef;
  className?: string;
  href?: string;
}) {
  const user = useCurrentUser();
  const backend = useBackend();
  const unread = useQuery({
    ...boardQueries.unread(user?.uid ?? null, [board], backend),
    meta: { silent: true },
  });
  if (unread.data?.[`${board.kind}_${board.id}`] !== true) return null;
  const style = `inline-flex w-fit items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-semibold text-rose-700 ${className}`;
  const content = (
    <>
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-rose-600" />
      掲示板に新着
    </>
  );
  return href ? (
    <a href={href} className={`${style} hover:underline`}>
      {content}
    </a>
  ) : (
    <span className={style}>{content}</span>
  );
}
