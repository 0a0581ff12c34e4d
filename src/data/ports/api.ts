import type { SendEmailBody } from '@mail/handlers/send-email';
import type { TrackUnreadBody } from '@mail/handlers/track-unread-message';
import type { SeriesDatesBody } from '@mail/handlers/series-dates';
import type { SeriesChangeBody } from '@mail/handlers/series-changes';

/**
 * The product's own mail endpoints: the two Cloud Functions on Firebase; on the local backend the
 * same handlers' mail code run in the browser on IndexedDB, with the outbox for a transport
 * (docs/mail.md).
 *
 * A payload names causes, never content: the server reads the event, the organizer's name, the
 * sender's name and the recipient's verified address from its own store, renders the mail with
 * the one renderer (mail/templates.ts) and decides whether it goes out
 * (mail/policy.ts decideMail: the recipient's email settings, one mail per cause,
 * a verified address only, at most 20 mails an hour per recipient). The types are the server's
 * own body types, so the client cannot send a field the server does not read. The participation
 * payloads are built by approvalEmailPayload / rejectionEmailPayload
 * (src/domain/notification-emails.ts).
 */

/** The approval of request `requestId`, mailed to its requester `recipientId`. */
export type ApprovalEmail = Extract<SendEmailBody, { type: 'event_approved' }>;

/** The rejection of request `requestId`, mailed to its requester `recipientId`. */
export type RejectionEmail = Extract<SendEmailBody, { type: 'event_rejected' }>;

/** The latest schedule change (`seq`) of `eventId`, mailed to its participants. */
export type EventChangedEmail = Extract<SendEmailBody, { type: 'event_changed' }>;

/** The organizer's cancellation of `eventId`, mailed to its participants and pending requesters. */
export type EventCancelledEmail = Extract<SendEmailBody, { type: 'event_cancelled' }>;

/**
 * A change of who takes part (src/data/use-cases/roster.ts): `recipientId` moved up from the
 * キャンセル待ち, was removed, or (the organizer) is told of a leave or direct join of the caller.
 */
export type RosterEmail = Extract<
  SendEmailBody,
  { type: 'waitlist_promoted' | 'participant_removed' | 'participant_left' | 'participant_joined' }
>;

/** A new event `eventId`, told to the followers of its organizer and team (docs/follows.md). */
export type EventPublishedNotice = Extract<SendEmailBody, { type: 'event_published' }>;

/** The organizer's お知らせ `postId` on `eventId`'s board, told to its people (docs/board.md). */
export type BoardAnnouncementNotice = Extract<SendEmailBody, { type: 'board_announcement' }>;

/** Message `messageId` of `conversationId`, just sent by `senderId` to `recipientId`. */
export type UnreadMessagePing = TrackUnreadBody;

/**
 * The statements follow the convention in ./backend.ts. The participation and conversations
 * ports call these after their own write has succeeded, through runSideEffect
 * (src/lib/side-effects.ts): a mail never fails or delays the action that caused it, and its
 * failure is logged there.
 */
export interface ApiPort {
  /**
   * Asks for the approval or rejection mail. Resolves once the server has taken the call
   * (whether a mail goes out is its decision: `{ sent: false, reason }` resolves too, and is
   * logged at info). Fails: throws; an answer other than 2xx rejects with "status: body" (401 no
   * or a bad ID token, 403 a suspended caller, not the event's organizer or the request did not
   * end that way, 400 a bad body, 429 the caller's quota, 502 a transport failure), a network
   * failure with its error. Both backends answer through the Functions' acceptance path
   * (acceptPost), in the same order. Refusals: loginRequired (signed out, before any call).
   * Caller: the organizer who processed the request.
   */
  sendNotificationEmail(
    payload:
      | ApprovalEmail
      | RejectionEmail
      | EventChangedEmail
      | EventCancelledEmail
      | RosterEmail
      | EventPublishedNotice
      | BoardAnnouncementNotice,
  ): Promise<void>;
  /**
   * Asks for the unread-message mail; resolves and fails as sendNotificationEmail (403: not the
   * sender in that conversation). Caller: the sender of the message.
   */
  trackUnreadMessage(payload: UnreadMessagePing): Promise<void>;
  /** A new series' first dates at once (mail/handlers/series-dates.ts handleSeriesDates). */
  seriesDates(payload: SeriesDatesBody): Promise<void>;
  /**
   * 「この日以降すべて」 or ending a series (mail/handlers/series-changes.ts handleSeriesChange),
   * run on the server. Resolves once the dates changed; fails as sendNotificationEmail (403 not
   * the series' organizer or an ended series, 400 an invalid change). Caller: the organizer.
   */
  seriesChange(payload: SeriesChangeBody): Promise<void>;
}
