import * as z from 'zod/mini';
import { POST_MAX_LENGTH } from '@/domain/constants';
import { optionalTime, text } from '@/domain/entities/common';
import { DomainError } from '@/domain/errors';
import { assertMayWrite, type Actor } from './standing';

/**
 * Event boards (掲示板) and team chat (チームチャット), one model for both (docs/board.md): a
 * board belongs to an event or a team; its posts, a small summary (the newest post's time, the
 * pinned post) and each reader's own read marker.
 */
export type BoardKind = 'event' | 'team';
export interface BoardRef {
  kind: BoardKind;
  id: string;
}

/** Who to tell of an お知らせ: nobody (a plain post), the participants, or those waiting too. */
export const ANNOUNCE_AUDIENCES = ['', 'participants', 'all'] as const;
export type AnnounceAudience = (typeof ANNOUNCE_AUDIENCES)[number];

/** What a person may do on a board: post and read, only read, or nothing (no content at all). */
export type BoardAccess = 'write' | 'read' | 'none';

/** What a board's access is decided from: the event or team as stored, and one's request. */
export interface BoardOwner {
  /** The organizer of the event, the owner of the team: pins and removes any post. */
  moderatorId: string;
  /** May post: the event's participants, or the team's members. */
  seats: readonly string[];
  /** Read only: those waiting for a seat (キャンセル待ち). */
  waiting: readonly string[];
}

/** The board's people as an event or a team holds them. */
export function boardOwnerOf(
  o:
    | { organizerId: string; participants: string[]; waitlist: string[] }
    | { ownerId: string; members: string[] },
): BoardOwner {
  return 'organizerId' in o
    ? { moderatorId: o.organizerId, seats: o.participants, waiting: o.waitlist }
    : { moderatorId: o.ownerId, seats: o.members, waiting: [] };
}

export function boardAccess(
  owner: BoardOwner | null,
  uid: string | null | undefined,
  hasPendingRequest: boolean,
): BoardAccess {
  if (!owner || !uid) return 'none';
  if (uid === owner.moderatorId || owner.seats.includes(uid)) return 'write';
  if (owner.waiting.includes(uid) || hasPendingRequest) return 'read';
  return 'none';
}

/**
 * What became of an お知らせ, as the server records it on the post (`announceOutcome`; the rules
 * refuse it to clients): sent to `notified` people, held back by the event's hourly limit, or
 * partly not sent (`failed` notices). Null: not recorded yet (or a plain post).
 */
export const ANNOUNCE_STATUSES = ['sent', 'rate_limited', 'partial'] as const;
export type AnnounceStatus = (typeof ANNOUNCE_STATUSES)[number];
const announceOutcomeSchema = z.pipe(
  z.nullish(z.unknown()),
  z.transform((v): { status: AnnounceStatus; notified: number; failed: number } | null => {
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    const status = ANNOUNCE_STATUSES.find((s) => s === o.status);
    const count = (n: unknown) => (typeof n === 'number' && n >= 0 ? Math.floor(n) : 0);
    return status ? { status, notified: count(o.notified), failed: count(o.failed) } : null;
  }),
);

/** 「再送する」 is offered for what the server may send again. */
export const mayResendAnnouncement = (status: AnnounceStatus | undefined) =>
  status === 'rate_limited' || status === 'partial';

export const boardPostSchema = z.object({
  id: z.string(),
  authorId: text(),
  authorName: text(),
  authorPhotoURL: text(),
  content: text(),
  /** Null while a post written by this page waits for the store's time. */
  createdAt: optionalTime,
  editedAt: optionalTime,
  announce: z.pipe(
    z.nullish(z.string()),
    z.transform((v): AnnounceAudience => (v === 'participants' || v === 'all' ? v : '')),
  ),
  announceOutcome: announceOutcomeSchema,
});
export type BoardPost = z.output<typeof boardPostSchema>;

export const boardSummarySchema = z.object({
  lastPostAt: optionalTime,
  lastPostId: text(),
  lastAuthorId: text(),
  pinnedPostId: text(),
});
export type BoardSummary = z.output<typeof boardSummarySchema>;

export const EMPTY_SUMMARY: BoardSummary = {
  lastPostAt: null,
  lastPostId: '',
  lastAuthorId: '',
  pinnedPostId: '',
};

/** A post as stored: trimmed, not blank, at most POST_MAX_LENGTH (UTF-16 units, as the rules). */
export function postContent(content: string): string {
  const trimmed = content.trim();
  if (!trimmed) throw new DomainError('postEmpty');
  if (trimmed.length > POST_MAX_LENGTH) throw new DomainError('postTooLong');
  return trimmed;
}

/**
 * A new post: a verified, active person with a seat; an お知らせ only from the moderator (the
 * event's organizer; a team's chat has none).
 */
export function decidePost(
  actor: Actor | null,
  ref: BoardRef,
  owner: BoardOwner | null,
  access: BoardAccess,
  content: string,
  announce: AnnounceAudience,
): { authorId: string; content: string; announce: AnnounceAudience } {
  const me = assertMayWrite(actor, 'verified');
  if (!owner || access === 'none') throw new DomainError('boardNotFound');
  if (access !== 'write') throw new DomainError('boardNoSeat');
  if (announce && (ref.kind !== 'event' || owner.moderatorId !== me.uid)) {
    throw new DomainError('noAnnouncePermission');
  }
  return { authorId: me.uid, content: postContent(content), announce };
}

/** Editing: the author, still seated, verified and active. */
export function decideEdit(
  actor: Actor | null,
  access: BoardAccess,
  post: BoardPost | null,
  content: string,
): string {
  const me = assertMayWrite(actor, 'verified');
  if (access === 'none') throw new DomainError('boardNotFound');
  if (!post) throw new DomainError('postNotFound');
  if (post.authorId !== me.uid) throw new DomainError('notPostAuthor');
  if (access !== 'write') throw new DomainError('boardNoSeat');
  return postContent(content);
}

/** Deleting: the author while seated, or the moderator (any post). */
export function decideDelete(
  actor: Actor | null,
  owner: BoardOwner | null,
  access: BoardAccess,
  post: BoardPost | null,
): void {
  const me = assertMayWrite(actor, 'active');
  if (!owner || access === 'none') throw new DomainError('boardNotFound');
  if (!post) throw new DomainError('postNotFound');
  if (me.uid === owner.moderatorId) return;
  if (post.authorId !== me.uid || access !== 'write') {
    throw new DomainError('noPostDeletePermission');
  }
}

/** Pinning one post (or none): the moderator only. */
export function decidePin(
  actor: Actor | null,
  owner: BoardOwner | null,
  post: BoardPost | null,
  postId: string,
): void {
  const me = assertMayWrite(actor, 'active');
  if (!owner) throw new DomainError('boardNotFound');
  if (me.uid !== owner.moderatorId) throw new DomainError('noPinPermission');
  if (postId && !post) throw new DomainError('postNotFound');
}

/**
 * Whether `uid` has posts to read: someone else posted after their read marker (none read yet
 * counts as never). One's own newest post is never news.
 */
export function hasUnread(
  summary: BoardSummary | null,
  readAt: Date | null,
  uid: string | null | undefined,
): boolean {
  if (!summary?.lastPostAt || !uid || summary.lastAuthorId === uid) return false;
  return !readAt || summary.lastPostAt.getTime() > readAt.getTime();
}

/** The read marker's id: one per reader and board (boardReads/{id}). */
export function boardReadId(uid: string, ref: BoardRef): string {
  return `${uid}_${ref.kind}_${ref.id}`;
}

/** What a board screen shows: the newest posts, oldest first, and where older ones start. */
export interface BoardPage {
  posts: BoardPost[];
  /** The cursor for the older pages, null when these are all the posts. */
  olderCursor: string | null;
}

/** A board's summary with the reader's own mark, for the pinned post and 「新着」. */
export interface BoardState {
  summary: BoardSummary;
  unread: boolean;
}

/** A board with posts one has not read, as the header's list names it (docs/board.md). */
export interface UnreadBoard {
  board: BoardRef;
  /** The event's title or the team's name. */
  title: string;
}
