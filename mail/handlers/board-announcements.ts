import type { RateLimit } from '../policy.js';
import { boardAnnouncementMail } from '../templates.js';
import {
  forbidden,
  json,
  mailEach,
  notSent,
  type EventRecord,
  type HandlerResponse,
  type MailDeps,
} from './common.js';

/** A board post as the handler reads it (eventBoards/{eventId}/posts/{postId}). */
export interface BoardPostRecord {
  authorId: string;
  content: string;
  /** '' (a plain post), 'participants', or 'all' (those waiting too). */
  announce: string;
  createdAt: Date | null;
}

/** An announcement's notice as the server writes it (`{ userId, type, data, read: false, … }`). */
export interface AnnouncementNotice {
  id: string;
  userId: string;
  type: 'board_announcement';
  data: { eventId: string; eventTitle: string; postId: string; excerpt: string };
}

/**
 * What telling an announcement reads and writes, past the security rules: the Cloud Functions on
 * Firestore with the Admin SDK (functions/src/firestore-deps.ts), the local backend on IndexedDB
 * (src/data/local/local-api.ts).
 */
export interface BoardAnnouncementDeps extends MailDeps {
  getEvent(id: string): Promise<EventRecord | null>;
  getBoardPost(eventId: string, postId: string): Promise<BoardPostRecord | null>;
  /** Writes the notices in one commit (at most ANNOUNCEMENT_BATCH), with the server's time. */
  writeAnnouncementNotices(notices: AnnouncementNotice[]): Promise<void>;
}

export type BoardAnnouncementBody = { type: 'board_announcement'; eventId: string; postId: string };

/** The post must be this recent: the organizer's app asks right after storing it. */
export const ANNOUNCEMENT_WINDOW_MS = 10 * 60_000;
/**
 * Per post: once. A repeat is a duplicate before it can count against the event's hourly limit
 * (the notices' ids and the mail's per-recipient limit would make it tell nobody twice anyway).
 */
export const ANNOUNCEMENT_CALL_LIMIT: RateLimit = { limit: 1, windowMs: 24 * 60 * 60_000 };
/** How many お知らせ of one event an hour are told; later ones stay plain posts. */
export const ANNOUNCEMENTS_PER_HOUR = 3;
/** Per event: ANNOUNCEMENTS_PER_HOUR. */
export const ANNOUNCEMENT_EVENT_LIMIT: RateLimit = {
  limit: ANNOUNCEMENTS_PER_HOUR,
  windowMs: 60 * 60_000,
};
/** Per post and recipient: one mail, ever. */
export const ANNOUNCEMENT_MAIL_LIMIT: RateLimit = { limit: 1, windowMs: 30 * 24 * 60 * 60_000 };
/** Notices per commit (Firestore's limit is 500 writes). */
export const ANNOUNCEMENT_BATCH = 400;
/** The notification's excerpt of the post. */
export const ANNOUNCEMENT_EXCERPT = 100;

export const announcementNoticeId = (postId: string, uid: string) =>
  `${postId}_${uid}_board_announcement`;

/**
 * An organizer's お知らせ (docs/board.md), caused by their app right after the post was stored:
 * only the event's organizer, only for their own post marked to announce and just written; at
 * most ANNOUNCEMENT_EVENT_LIMIT an hour per event. Everything told is read from the post and the
 * event, never from the body. Every participant (and with 'all' everyone waiting) but the
 * organizer gets a notification, written in batches, then a mail through mailIfAllowed (their
 * boardAnnouncements switch, a verified address, one per post, their hourly quota).
 */
export async function boardAnnouncements(
  deps: BoardAnnouncementDeps,
  uid: string,
  body: BoardAnnouncementBody,
): Promise<HandlerResponse> {
  const event = await deps.getEvent(body.eventId);
  if (!event) return forbidden('The event does not exist.');
  if (event.organizerId !== uid) return forbidden('Only the organizer of the event announces.');
  const post = await deps.getBoardPost(event.id, body.postId);
  if (
    !post ||
    post.authorId !== uid ||
    (post.announce !== 'participants' && post.announce !== 'all')
  ) {
    return forbidden('No such announcement was posted.');
  }
  const age = post.createdAt ? deps.now().getTime() - post.createdAt.getTime() : Infinity;
  if (!(age >= -60_000 && age <= ANNOUNCEMENT_WINDOW_MS)) {
    return forbidden('The announcement is not new.');
  }
  if (
    !(await deps.throttle(`board-announcement:${body.postId}`, ANNOUNCEMENT_CALL_LIMIT)).allowed
  ) {
    return notSent('duplicate');
  }
  if (!(await deps.throttle(`board-announcements:${event.id}`, ANNOUNCEMENT_EVENT_LIMIT)).allowed) {
    return notSent('rate_limited');
  }

  const recipients = [
    ...new Set([...event.participants, ...(post.announce === 'all' ? event.waitlist : [])]),
  ].filter((u) => u && u !== uid);
  const data = {
    eventId: event.id,
    eventTitle: event.title,
    postId: body.postId,
    excerpt: post.content.slice(0, ANNOUNCEMENT_EXCERPT),
  };
  for (let i = 0; i < recipients.length; i += ANNOUNCEMENT_BATCH) {
    await deps.writeAnnouncementNotices(
      recipients.slice(i, i + ANNOUNCEMENT_BATCH).map((userId) => ({
        id: announcementNoticeId(body.postId, userId),
        userId,
        type: 'board_announcement' as const,
        data,
      })),
    );
  }

  const tally = { mailed: 0, notMailed: 0 };
  await mailEach(
    deps,
    recipients,
    {
      kind: 'boardAnnouncements',
      causeKey: (recipientId) => `board-announcement:${body.postId}:${recipientId}`,
      limit: ANNOUNCEMENT_MAIL_LIMIT,
      context: { type: 'board_announcement', eventId: event.id },
    },
    async () => boardAnnouncementMail(event, post.content, deps.appBaseUrl),
    tally,
  );
  const { mailed } = tally;
  deps.log.info('board announcement', {
    eventId: event.id,
    notified: recipients.length,
    mailed,
  });
  return json(200, { sent: mailed > 0, notified: recipients.length, mailed });
}
