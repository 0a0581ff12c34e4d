import { ANNOUNCEMENTS_PER_HOUR } from '../../src/domain/board-limits.js';
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
  /** What the server recorded of its announcement ('' not yet: no call has ended). */
  outcome: AnnouncementStatus | '';
  /** How many were told by earlier calls (the recorded outcome's `notified`). */
  notified: number;
}

/**
 * What became of an お知らせ, recorded on its post by the server only (`announceOutcome`, which
 * the rules refuse to clients): everyone told, none told for the event's hourly limit, or some
 * notices not written (a failed commit). The last two may be sent again (「再送する」).
 */
export type AnnouncementStatus = 'sent' | 'rate_limited' | 'partial';
export interface AnnouncementOutcome {
  status: AnnouncementStatus;
  /** Recipients holding the notice. */
  notified: number;
  /** Recipients whose notice could not be written ('partial'). */
  failed: number;
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
  /** Which of these notices (at most ANNOUNCEMENT_BATCH ids) exist already: a retry's check. */
  existingAnnouncementNotices(ids: string[]): Promise<Set<string>>;
  /** Records the outcome on the post (`announceOutcome`, with the server's time as `at`). */
  recordAnnouncementOutcome(
    eventId: string,
    postId: string,
    outcome: AnnouncementOutcome,
  ): Promise<void>;
}

export type BoardAnnouncementBody = {
  type: 'board_announcement';
  eventId: string;
  postId: string;
  /** 「再送する」: sends again an お知らせ the hourly limit held back or that partly failed. */
  retry?: boolean;
};

/** The post must be this recent: the organizer's app asks right after storing it. */
export const ANNOUNCEMENT_WINDOW_MS = 10 * 60_000;
/** 「再送する」 is offered for this long after the post (the hourly limit frees a place within). */
export const ANNOUNCEMENT_RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** Retries per post (each still counts against the event's hourly limit when it tells anyone). */
export const ANNOUNCEMENT_RETRY_LIMIT: RateLimit = { limit: 10, windowMs: 60 * 60_000 };
/**
 * Per post: once. A repeat is a duplicate before it can count against the event's hourly limit
 * (the notices' ids and the mail's per-recipient limit would make it tell nobody twice anyway).
 */
export const ANNOUNCEMENT_CALL_LIMIT: RateLimit = { limit: 1, windowMs: 24 * 60 * 60_000 };
/** How many お知らせ of one event an hour are told; later ones wait for 「再送する」. */
export { ANNOUNCEMENTS_PER_HOUR };
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

/** A stored post (either store's plain data, dates already Dates or Timestamps) as read here. */
export function boardPostRecord(
  d: Record<string, unknown>,
  toDate: (v: unknown) => Date | null,
): BoardPostRecord {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const o = (d.announceOutcome ?? {}) as Record<string, unknown>;
  const status = o.status;
  return {
    authorId: text(d.authorId),
    content: text(d.content),
    announce: text(d.announce),
    createdAt: toDate(d.createdAt),
    outcome: status === 'sent' || status === 'rate_limited' || status === 'partial' ? status : '',
    notified: typeof o.notified === 'number' ? o.notified : 0,
  };
}

export const announcementNoticeId = (postId: string, uid: string) =>
  `${postId}_${uid}_board_announcement`;

/**
 * An organizer's お知らせ (docs/board.md), caused by their app right after the post was stored,
 * or again by 「再送する」 (`retry`) while its recorded outcome is rate_limited or partial: only the
 * event's organizer, only for their own post marked to announce, just written (a retry: within
 * ANNOUNCEMENT_RETRY_WINDOW_MS); at most ANNOUNCEMENT_EVENT_LIMIT an hour per event, retries
 * included. Everything told is read from the post and the event, never from the body. Every
 * participant (and with 'all' everyone waiting) but the organizer gets a notification, written
 * in batches (deterministic ids: a retry writes only the missing ones), then a mail through
 * mailIfAllowed (their boardAnnouncements switch, a verified address, one per post and person,
 * their hourly quota). The outcome is recorded on the post.
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
  const window = body.retry ? ANNOUNCEMENT_RETRY_WINDOW_MS : ANNOUNCEMENT_WINDOW_MS;
  if (!(age >= -60_000 && age <= window)) return forbidden('The announcement is not new.');
  if (body.retry) {
    if (post.outcome === 'sent') return notSent('duplicate');
    if (post.outcome === '') return forbidden('The announcement has no outcome to retry.');
    if (
      !(await deps.throttle(`board-announcement-retry:${body.postId}`, ANNOUNCEMENT_RETRY_LIMIT))
        .allowed
    ) {
      return notSent('duplicate');
    }
  } else if (
    !(await deps.throttle(`board-announcement:${body.postId}`, ANNOUNCEMENT_CALL_LIMIT)).allowed
  ) {
    return notSent('duplicate');
  }
  if (!(await deps.throttle(`board-announcements:${event.id}`, ANNOUNCEMENT_EVENT_LIMIT)).allowed) {
    await deps.recordAnnouncementOutcome(event.id, body.postId, {
      status: 'rate_limited',
      notified: post.notified,
      failed: 0,
    });
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
  let notified = 0;
  let failed = 0;
  for (let i = 0; i < recipients.length; i += ANNOUNCEMENT_BATCH) {
    let notices = recipients.slice(i, i + ANNOUNCEMENT_BATCH).map((userId) => ({
      id: announcementNoticeId(body.postId, userId),
      userId,
      type: 'board_announcement' as const,
      data,
    }));
    try {
      if (body.retry) {
        // Those told before keep their notice as it is (read or not): nobody is told twice.
        const existing = await deps.existingAnnouncementNotices(notices.map((n) => n.id));
        notified += existing.size;
        notices = notices.filter((n) => !existing.has(n.id));
      }
      if (notices.length) await deps.writeAnnouncementNotices(notices);
      notified += notices.length;
    } catch (e) {
      failed += notices.length;
      deps.log.error('board announcement: notices not written', {
        eventId: event.id,
        postId: body.postId,
        count: notices.length,
        reason: e instanceof Error ? e.message : String(e),
      });
    }
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
  await deps.recordAnnouncementOutcome(event.id, body.postId, {
    status: failed > 0 ? 'partial' : 'sent',
    notified,
    failed,
  });
  deps.log.info('board announcement', { eventId: event.id, notified, failed, mailed });
  return json(200, { sent: mailed > 0, notified, failed, mailed });
}
