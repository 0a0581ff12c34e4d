import type { Page } from '@/domain/entities/common';
import type {
  ParticipationRequest,
  PendingRequestWithEvent,
} from '@/domain/entities/participation-request';

/**
 * Join requests. The statements follow the convention in ./backend.ts; the refusals and the
 * choices are the domain's (src/domain/rules/participation.ts), made the same way by both backends.
 */
export interface ParticipationPort {
  /**
   * Creates a pending request with the trimmed message, tells the organizer, and returns its id.
   * Looks at up to MY_REQUESTS_PER_EVENT_LIMIT of my earlier requests for the event.
   * Refusals: authJoinEvents, eventNotFound, alreadyJoined, alreadyRequested, eventNotOpen,
   * eventFull, requestMessageTooLong. Fails: throws. Caller: a signed-in user.
   */
  request(eventId: string, message: string): Promise<string>;
  /**
   * Deletes the caller's pending request. Refusals: loginRequired, requestNotFound (also once
   * cancelled), noCancelPermission, alreadyProcessed. Fails: throws. Caller: the requester.
   */
  cancel(requestId: string): Promise<void>;
  /**
   * In one transaction: the request approved, the requester added to the participants if
   * absent, a participation_approved notification. Then the approval mail goes out in the
   * background (runSideEffect: it never fails or delays the approval; its failure is logged).
   * Refusals: loginRequired, requestNotFound, alreadyProcessed, eventNotFound,
   * noProcessPermission, eventNotOpen (cancelled or finished), eventFull. Fails: throws.
   * Caller: the event's organizer.
   */
  approve(requestId: string): Promise<void>;
  /**
   * As approve, without adding anyone: the request rejected, a participation_rejected
   * notification, the rejection mail in the background. Refusals as approve, except the event's
   * status and capacity. Fails: throws. Caller: the event's organizer.
   */
  reject(requestId: string): Promise<void>;
  /**
   * My pending requests with their event's title, date and place. Order: newest first.
   * Cap: MY_PENDING_LIMIT. Missing: an event that is gone shows PLACEHOLDER_EVENT_INFO.
   * Signed out: []. Fails: when the main read fails (Firebase: a missing index) the failure is
   * logged and the fallback read runs (pendingFromFallback: my requests without the status
   * filter, capped at MY_PENDING_FALLBACK_LIMIT, pending ones kept, placeholder event info);
   * when that fails too, throws. Caller: anyone.
   */
  myPending(): Promise<PendingRequestWithEvent[]>;
  /**
   * My request for the event that counts (requestThatCounts: the pending one, else the newest),
   * among at most MY_REQUESTS_PER_EVENT_LIMIT of mine for it. Missing: null (none, or signed
   * out). Fails: throws. Caller: anyone.
   */
  myRequestFor(eventId: string): Promise<ParticipationRequest | null>;
  /**
   * A page of the event's requests, messages included. Order: the organizer's
   * (inOrganizerOrder: pending oldest first, then decided latest first). Page:
   * EVENT_REQUESTS_PAGE_SIZE, then nextCursor; an unreadable cursor starts from the first page.
   * Reads at most a page plus one. Only the organizer sees them (mayListEventRequests): anyone
   * else, signed out included, gets an empty page, and so does a missing event. Fails: throws.
   * Caller: anyone.
   */
  forEvent(eventId: string, cursor?: string | null): Promise<Page<ParticipationRequest>>;
  /**
   * How many pending requests the event has (a count, no documents read). Only its signed-in
   * organizer may ask. Refusals: loginRequired, eventNotFound, noProcessPermission. Fails:
   * throws. Caller: the event's organizer.
   */
  pendingCount(eventId: string): Promise<number>;
}
