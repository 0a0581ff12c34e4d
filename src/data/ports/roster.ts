import type { SportEvent } from '@/domain/entities/event';
import type { RemovalReason } from '@/domain/entities/removal-reason';

/**
 * Who takes part in an event, besides requests (./participation.ts): the direct join of a 先着順
 * event, leaving, the キャンセル待ち, and the organizer removing a participant. The statements
 * follow the convention in ./backend.ts; the refusals are the domain's
 * (src/domain/rules/roster.ts). Whenever a seat frees, the first in line moves up in the same
 * write (a participant on 先着順, a pending request marked fromWaitlist on 承認制) and is told;
 * the organizer is told of a leave or direct join. Mail follows in the background.
 */
export interface RosterPort {
  /**
   * Adds the caller to the participants of a 先着順 event. Refusals: authJoinEvents,
   * eventNotFound, alreadyJoined (alreadyDone), eventNotOpen, approvalRequired (承認制),
   * eventFull (full, or people wait in line). Fails: throws. Caller: a signed-in user.
   */
  join(eventId: string): Promise<void>;
  /**
   * Removes the caller from the participants and deletes their requests for the event (up to
   * MY_REQUESTS_PER_EVENT_LIMIT); the first in line moves up. Refusals: authLeaveEvents,
   * eventNotFound, notParticipating, leaveAfterEnd (the event has ended: finished or past its
   * end, not cancelled). Fails: throws. Caller: a participant.
   */
  leave(eventId: string): Promise<void>;
  /**
   * Puts the caller at the end of the キャンセル待ち of a full, open event. Refusals:
   * authJoinEvents, eventNotFound, alreadyOnWaitlist (alreadyDone), alreadyJoined, eventNotOpen,
   * eventNotFull, waitlistFull. Fails: throws. Caller: a signed-in user.
   */
  joinWaitlist(eventId: string): Promise<void>;
  /**
   * Takes the caller off the キャンセル待ち. Refusals: authLeaveEvents, eventNotFound,
   * notOnWaitlist. Fails: throws. Caller: someone waiting.
   */
  leaveWaitlist(eventId: string): Promise<void>;
  /**
   * The organizer removes a participant for a reason from REMOVAL_REASONS, which the
   * participant is shown; the first in line moves up. Refusals: updateEventLogin, eventNotFound,
   * noEditPermission, eventFrozenByStaff, eventAlreadyOver, removalReasonRequired,
   * notParticipating. Fails: throws. Caller: the organizer.
   */
  removeParticipant(eventId: string, uid: string, reason: RemovalReason): Promise<void>;
  /**
   * Delivers the event (null when missing or unreadable) now and on every change until
   * unsubscribed, so a page shows who takes part and the line as they change (a place in line
   * moves up with nobody telling its holder). Fails: calls `error`. Caller: anyone.
   */
  subscribeEvent(
    eventId: string,
    next: (event: SportEvent | null) => void,
    error: (e: unknown) => void,
  ): () => void;
}
