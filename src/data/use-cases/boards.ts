import type { ApiPort } from '@/data/ports/api';
import {
  DOC_ID,
  fieldOp,
  orderByThenId,
  type Filter,
  type QueriedDoc,
  type Query,
} from '@/data/storage/storage';
import { BOARD_PAGE_SIZE, HEADER_BOARD_EVENTS, HEADER_BOARD_TEAMS } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import { assertMayWrite } from '@/domain/rules/standing';
import type { Page } from '@/domain/entities/common';
import { requestIdFor } from '@/domain/entities/participation-request';
import { sportEventSchema } from '@/domain/entities/event';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';
import { teamSchema } from '@/domain/entities/team';
import {
  boardAccess,
  boardOwnerOf,
  boardPostSchema,
  boardReadId,
  boardSummarySchema,
  decideDelete,
  decideEdit,
  decidePin,
  decidePost,
  EMPTY_SUMMARY,
  hasUnread,
  type AnnounceAudience,
  type BoardAccess,
  type BoardOwner,
  type BoardPage,
  type BoardPost,
  type BoardRef,
  type BoardState,
  type BoardSummary,
  type UnreadBoard,
} from '@/domain/rules/boards';
import { runSideEffect } from '@/lib/side-effects';
import {
  listenAfter,
  parseDoc,
  parseDocs,
  parsePage,
  readActor,
  readEvent,
  readUnlessRefused,
  refused,
  type UseCaseContext,
} from './context';
import { LIST_ORDER, startOfDay } from './list-queries';

export const boardPath = (ref: BoardRef) =>
  `${ref.kind === 'event' ? 'eventBoards' : 'teamBoards'}/${ref.id}`;
const postsOf = (ref: BoardRef) => `${boardPath(ref)}/posts`;
const postPath = (ref: BoardRef, postId: string) => `${postsOf(ref)}/${postId}`;
const readPath = (uid: string, ref: BoardRef) => `boardReads/${boardReadId(uid, ref)}`;

/** The most boards one unread() call looks at (a few reads each, none per post). */
export const UNREAD_BOARDS_MAX = 20;

/**
 * Event boards (掲示板) and team chat (チームチャット), one use case for both (docs/board.md),
 * parameterised by the board (`{ kind: 'event' | 'team', id }`). Who may read and post is the
 * domain's (boardAccess): on an event the organizer and participants post, those waiting or with
 * a pending request read; on a team its members post. Each post is one batch with the board's
 * summary (newest post's time and author), so unread marks cost two reads per board whatever the
 * number of posts. An organizer's お知らせ is told to the participants by the server
 * (mail/handlers/board-announcements.ts), asked for after the post is stored.
 */
export function boardsUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;

  const ownerOf = async (ref: BoardRef): Promise<BoardOwner | null> => {
    if (!ref.id) return null;
    const found =
      ref.kind === 'event'
        ? await readEvent(storage, ref.id)
        : parseDoc(teamSchema, await storage.get(`teams/${ref.id}`));
    return found ? boardOwnerOf(found) : null;
  };

  /** The board's owner and what `uid` may do there (reads the pending request only if needed). */
  const accessFor = async (ref: BoardRef, uid: string | null) => {
    const owner = await ownerOf(ref);
    let access = boardAccess(owner, uid, false);
    if (owner && uid && access === 'none' && ref.kind === 'event') {
      const request = await readUnlessRefused(() =>
        storage.get(`participationRequests/${requestIdFor(ref.id, uid)}`),
      );
      access = boardAccess(owner, uid, request?.data.status === 'pending');
    }
    return { owner, access };
  };

  const forWrite = async (ref: BoardRef) => {
    const who = await ctx.session();
    const actor = await readActor(storage, who);
    return { actor, ...(await accessFor(ref, who?.uid ?? null)) };
  };

  /** Refuses, as the rules do, reading a board one has no place on. */
  const assertReader = async (ref: BoardRef): Promise<string> => {
    const who = await ctx.session();
    if (!who) throw refused();
    const { access } = await accessFor(ref, who.uid);
    if (access === 'none') throw refused();
    return who.uid;
  };

  const newestFirst = (ref: BoardRef, limit: number, after?: string | null): Query => ({
    collection: postsOf(ref),
    orderBy: [
      { field: 'createdAt', direction: 'desc' },
      { field: DOC_ID, direction: 'desc' },
    ],
    limit,
    after,
  });

  const readPost = async (ref: BoardRef, postId: string) =>
    postId ? parseDoc(boardPostSchema, await storage.get(postPath(ref, postId))) : null;

  return {
    /**
     * What the signed-in user may do on the board: 'write', 'read' or 'none' (signed out, a
     * stranger, a missing event or team). Fails: throws. Caller: anyone.
     */
    async access(ref: BoardRef): Promise<BoardAccess> {
      const who = await ctx.session();
      return (await accessFor(ref, who?.uid ?? null)).access;
    },

    /**
     * Live: the newest BOARD_PAGE_SIZE posts, oldest first (newest at the bottom), with the cursor
     * where older ones start. Fails: onError; no place on the board (or signed out):
     * 'permission-denied'. Caller: anyone who may read the board.
     */
    subscribe(
      ref: BoardRef,
      onChange: (page: BoardPage) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return listenAfter(
        () => assertReader(ref),
        () =>
          storage.onQuery(
            newestFirst(ref, BOARD_PAGE_SIZE),
            (docs: QueriedDoc[]) =>
              onChange({
                posts: parseDocs(boardPostSchema, docs, 'boards.subscribe').reverse(),
                olderCursor: docs.length >= BOARD_PAGE_SIZE ? docs.at(-1)!.cursor : null,
              }),
            onError,
          ),
        onError,
      );
    },

    /**
     * The BOARD_PAGE_SIZE posts before `cursor` (from subscribe or an earlier page), newest
     * first, with the cursor of the next older page (null at the first post). Fails: throws;
     * no place on the board: 'permission-denied'. Caller: a reader.
     */
    async olderPosts(ref: BoardRef, cursor: string): Promise<Page<BoardPost>> {
      await assertReader(ref);
      const docs = await storage.query(newestFirst(ref, BOARD_PAGE_SIZE + 1, cursor));
      return parsePage(boardPostSchema, docs, BOARD_PAGE_SIZE, 'boards.olderPosts');
    },

    /**
     * Live: the board's summary (the pinned post's id) and whether someone else posted since the
     * signed-in user last read it. Missing summary (no post yet): empty, not unread. Fails:
     * onError; not a reader: 'permission-denied'. Caller: a reader.
     */
    subscribeState(
      ref: BoardRef,
      onChange: (state: BoardState) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return listenAfter(
        () => assertReader(ref),
        (uid) => {
          let summary: BoardSummary | undefined;
          let readAt: Date | null | undefined;
          const emit = () => {
            if (summary !== undefined && readAt !== undefined) {
              onChange({ summary, unread: hasUnread(summary, readAt, uid) });
            }
          };
          const stops = [
            storage.onDoc(
              boardPath(ref),
              (doc) => {
                summary = doc
                  ? (parseDoc(boardSummarySchema, doc) ?? EMPTY_SUMMARY)
                  : EMPTY_SUMMARY;
                emit();
              },
              onError,
            ),
            storage.onDoc(
              readPath(uid, ref),
              (doc) => {
                readAt = (doc?.data.readAt as Date | undefined) ?? null;
                emit();
              },
              onError,
            ),
          ];
          return () => stops.forEach((stop) => stop());
        },
        onError,
      );
    },

    /**
     * Whether each board has posts the signed-in user has not read: a few reads per board (its
     * event or team, its summary and the reader's marker; a pending request's where one waits
     * for an answer), whatever the number of posts. A board one may not read,
     * or signed out: false. Cap: the first UNREAD_BOARDS_MAX boards. Fails: throws.
     */
    async unread(refs: readonly BoardRef[]): Promise<Record<string, boolean>> {
      const who = await ctx.session();
      const out: Record<string, boolean> = {};
      await Promise.all(
        refs.slice(0, UNREAD_BOARDS_MAX).map(async (ref) => {
          const key = `${ref.kind}_${ref.id}`;
          out[key] = false;
          if (!who || !ref.id) return;
          const [{ access }, summary, mark] = await Promise.all([
            accessFor(ref, who.uid),
            readUnlessRefused(() => storage.get(boardPath(ref))),
            storage.get(readPath(who.uid, ref)),
          ]);
          if (access === 'none') return;
          out[key] = hasUnread(
            parseDoc(boardSummarySchema, summary),
            (mark?.data.readAt as Date | undefined) ?? null,
            who.uid,
          );
        }),
      );
      return out;
    },

    /**
     * The boards of the signed-in user with posts they have not read, for the header: their
     * HEADER_BOARD_EVENTS soonest upcoming events (organized or taken part in; soonest first) and
     * HEADER_BOARD_TEAMS newest teams, each compared by its summary against their marker. Reads:
     * three queries (at most 2×HEADER_BOARD_EVENTS + HEADER_BOARD_TEAMS documents) and two
     * documents per board looked at, whatever the number of posts or boards. Signed out: [].
     * Missing: an unreadable event or team is left out. Fails: throws. Caller: anyone.
     */
    async myUnread(): Promise<UnreadBoard[]> {
      const who = await ctx.session();
      if (!who) return [];
      const today = startOfDay(ctx.now());
      const upcoming = (mine: Filter): Query => ({
        collection: 'events',
        select: EVENT_READ_FIELDS,
        where: [mine, { field: 'date', op: '>=', value: today }],
        orderBy: [...LIST_ORDER],
        limit: HEADER_BOARD_EVENTS,
      });
      const [organized, joined, teams] = await Promise.all([
        storage.query(upcoming({ field: 'organizerId', op: '==', value: who.uid })),
        storage.query(upcoming({ field: 'participants', op: 'array-contains', value: who.uid })),
        storage.query({
          collection: 'teams',
          where: [{ field: 'members', op: 'array-contains', value: who.uid }],
          orderBy: orderByThenId('createdAt', 'desc'),
          limit: HEADER_BOARD_TEAMS,
        }),
      ]);
      const events = [
        ...new Map(
          [
            ...parseDocs(sportEventSchema, organized, 'boards.myUnread'),
            ...parseDocs(sportEventSchema, joined, 'boards.myUnread'),
          ].map((e) => [e.id, e]),
        ).values(),
      ]
        .sort(
          (a, b) =>
            (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0) ||
            a.startTime.localeCompare(b.startTime) ||
            a.id.localeCompare(b.id),
        )
        .slice(0, HEADER_BOARD_EVENTS);
      const candidates: UnreadBoard[] = [
        ...events.map((e) => ({ board: { kind: 'event', id: e.id } as const, title: e.title })),
        ...parseDocs(teamSchema, teams, 'boards.myUnread').map((t) => ({
          board: { kind: 'team', id: t.id } as const,
          title: t.name,
        })),
      ];
      // The user holds a seat on each (organizer, participant, member): no access read.
      const unread = await Promise.all(
        candidates.map(async ({ board }) => {
          const [summary, mark] = await Promise.all([
            readUnlessRefused(() => storage.get(boardPath(board))),
            storage.get(readPath(who.uid, board)),
          ]);
          return hasUnread(
            parseDoc(boardSummarySchema, summary),
            (mark?.data.readAt as Date | undefined) ?? null,
            who.uid,
          );
        }),
      );
      return candidates.filter((_, i) => unread[i]);
    },

    /**
     * Marks the board read for the signed-in user now (their own marker). Signed out: nothing.
     * Fails: throws. Caller: a reader, while the board is on screen.
     */
    async markRead(ref: BoardRef): Promise<void> {
      const who = await ctx.session();
      if (!who || !ref.id) return;
      await storage.set(readPath(who.uid, ref), {
        userId: who.uid,
        boardKind: ref.kind,
        boardId: ref.id,
        readAt: fieldOp.serverTime(),
      });
    },

    /**
     * Posts `content` (trimmed) as the signed-in user, in one batch with the board's summary.
     * `announce` (the event's organizer only) asks the server to tell the participants (and with
     * 'all' those waiting) by notification and mail. Refusals: loginRequired, accountSuspended,
     * emailNotVerified, boardNotFound (no place at all), boardNoSeat (read only), postEmpty,
     * postTooLong, noAnnouncePermission. Fails: throws. Caller: a seated, verified user.
     */
    async post(
      ref: BoardRef,
      content: string,
      announce: AnnounceAudience = '',
    ): Promise<BoardPost> {
      const postId = storage.newId();
      const { actor, owner, access } = await forWrite(ref);
      const d = decidePost(actor, ref, owner, access, content, announce);
      const profile = actor?.profile ?? {};
      // The name and photo as the profile holds them (the rules compare them): a post says who
      // wrote it without a profile read per post.
      const post = {
        authorId: d.authorId,
        authorName: typeof profile.displayName === 'string' ? profile.displayName : '',
        authorPhotoURL: typeof profile.photoURL === 'string' ? profile.photoURL : '',
        content: d.content,
        announce: d.announce,
      };
      await storage.batch((w) => {
        w.set(postPath(ref, postId), {
          ...post,
          createdAt: fieldOp.serverTime(),
          editedAt: null,
        });
        w.merge(boardPath(ref), {
          lastPostAt: fieldOp.serverTime(),
          lastPostId: postId,
          lastAuthorId: d.authorId,
        });
      });
      if (d.announce) {
        // The server reads whom to tell, and what, from the stored post and event.
        void runSideEffect('boards.post: announcement', () =>
          api.sendNotificationEmail({ type: 'board_announcement', eventId: ref.id, postId }),
        );
      }
      return {
        id: postId,
        ...post,
        createdAt: ctx.now(),
        editedAt: null,
        announceOutcome: null,
      };
    },

    /**
     * 「再送する」: asks the server to send an お知らせ again that the event's hourly limit held
     * back or that partly failed (mail/handlers/board-announcements.ts: nobody told twice, the
     * same hourly limit); the new outcome arrives on the post. Refusals: loginRequired,
     * accountSuspended, noAnnouncePermission (not the organizer). Fails: throws (the server's
     * refusal as "status: body"). Caller: the event's organizer.
     */
    async resendAnnouncement(ref: BoardRef, postId: string): Promise<void> {
      const { actor, owner } = await forWrite(ref);
      const me = assertMayWrite(actor, 'active');
      if (ref.kind !== 'event' || owner?.moderatorId !== me.uid) {
        throw new DomainError('noAnnouncePermission');
      }
      await api.sendNotificationEmail({
        type: 'board_announcement',
        eventId: ref.id,
        postId,
        retry: true,
      });
    },

    /**
     * Replaces the text of one's own post. Refusals: as post, postNotFound, notPostAuthor.
     * Fails: throws. Caller: the author, still seated.
     */
    async edit(ref: BoardRef, postId: string, content: string): Promise<void> {
      const { actor, access } = await forWrite(ref);
      const text = decideEdit(actor, access, await readPost(ref, postId), content);
      await storage.update(postPath(ref, postId), {
        content: text,
        editedAt: fieldOp.serverTime(),
      });
    },

    /**
     * Deletes a post: one's own while seated, or any as the organizer (team: owner), who also
     * unpins it. Refusals: loginRequired, accountSuspended, boardNotFound, postNotFound,
     * noPostDeletePermission. Fails: throws.
     */
    async remove(ref: BoardRef, postId: string): Promise<void> {
      const { actor, owner, access } = await forWrite(ref);
      decideDelete(actor, owner, access, await readPost(ref, postId));
      const summary =
        actor?.uid === owner?.moderatorId
          ? parseDoc(boardSummarySchema, await storage.get(boardPath(ref)))
          : null;
      await storage.batch((w) => {
        w.delete(postPath(ref, postId));
        if (summary?.pinnedPostId === postId) w.merge(boardPath(ref), { pinnedPostId: '' });
      });
    },

    /**
     * Pins `postId` (one at a time; '' unpins). Refusals: loginRequired, accountSuspended,
     * boardNotFound, noPinPermission, postNotFound. Fails: throws. Caller: the organizer (team:
     * owner).
     */
    async pin(ref: BoardRef, postId: string): Promise<void> {
      const { actor, owner } = await forWrite(ref);
      decidePin(actor, owner, await readPost(ref, postId), postId);
      await storage.batch((w) => w.merge(boardPath(ref), { pinnedPostId: postId }));
    },

    /** The pinned post (null when none or deleted since). Fails: throws. Caller: a reader. */
    async pinnedPost(ref: BoardRef, postId: string): Promise<BoardPost | null> {
      if (!postId) return null;
      await assertReader(ref);
      return readPost(ref, postId);
    },
  };
}
