import { queryOptions } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { BoardRef } from '@/domain/rules/boards';

const refKey = (ref: BoardRef) => [ref.kind, ref.id] as const;

/**
 * The boards' query keys and reads (docs/board.md). The posts and the board's state are live
 * (useLiveQuery pushes them into these keys); what one may do is read once per change of the
 * seats it depends on (`seats`: the event's or team's people, so a leave or an approval refreshes
 * it).
 */
export const boardQueries = {
  all: ['boards'] as const,
  allUnread: ['boards', 'unread'] as const,
  access: (uid: string | null, ref: BoardRef, seats: string, backend: Backend) =>
    queryOptions({
      queryKey: ['boards', 'access', uid, ...refKey(ref), seats],
      queryFn: () => backend.boards.access(ref),
      enabled: !!uid,
    }),
  posts: (uid: string, ref: BoardRef) => ['boards', 'posts', uid, ...refKey(ref)] as const,
  state: (uid: string, ref: BoardRef) => ['boards', 'state', uid, ...refKey(ref)] as const,
  pinned: (uid: string, ref: BoardRef, postId: string, backend: Backend) =>
    queryOptions({
      queryKey: ['boards', 'pinned', uid, ...refKey(ref), postId],
      queryFn: () => backend.boards.pinnedPost(ref, postId),
    }),
  /** The header's list of one's boards with unread posts (boards.myUnread). */
  mine: (uid: string | null, backend: Backend) =>
    queryOptions({
      queryKey: ['boards', 'unread', 'mine', uid],
      queryFn: () => backend.boards.myUnread(),
      enabled: !!uid,
    }),
  unread: (uid: string | null, refs: readonly BoardRef[], backend: Backend) =>
    queryOptions({
      queryKey: ['boards', 'unread', uid, refs.map((r) => `${r.kind}_${r.id}`).join(',')],
      queryFn: () => backend.boards.unread(refs),
      enabled: !!uid && refs.length > 0,
    }),
};
