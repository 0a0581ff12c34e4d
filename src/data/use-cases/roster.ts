import type { ApiPort } from '@/data/ports/api';
import { fieldOp, type Transaction, type Writes } from '@/data/storage/storage';
import { MY_REQUESTS_PER_EVENT_LIMIT } from '@/domain/constants';
import type { SportEvent } from '@/domain/entities/event';
import { requesterNameOf, type NotificationWrite } from '@/domain/entities/notification';
import { requestIdFor } from '@/domain/entities/participation-request';
import type { RemovalReason } from '@/domain/entities/removal-reason';
import {
  decideCapacityPromotions,
  decideJoin,
  decideJoinWaitlist,
  decideLeave,
  decideLeaveWaitlist,
  decideRemoveParticipant,
  decideRestoreParticipant,
} from '@/domain/rules/roster';
import { runSideEffect } from '@/lib/side-effects';
import {
  actorTransaction,
  eventPath,
  readEvent,
  writeNotification,
  type UseCaseActor,
  type UseCaseContext,
} from './context';

/**
 * Who takes part in an event besides requests (./participation.ts): the direct join of a 先着順
 * event, leaving, the キャンセル待ち, and the organizer removing a participant. Written once for
 * both backends: each method reads the caller and the event in one transaction, asks the domain
 * (src/domain/rules/roster.ts), and writes the event's participants and キャンセル待ち, the
 * requests of those who move up on a 承認制 event and every notice together, in the shapes
 * firestore.rules accept. Whenever a seat frees, the first in line moves up in the same write (a
 * participant on 先着順, a pending request marked fromWaitlist on 承認制) and is told; the
 * organizer is told of a leave or direct join. Mail follows in the background.
 * Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function rosterUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;

  /** Runs `fn` on the caller and the event, read inside one transaction. */
  const onEvent = <T>(
    eventId: string,
    fn: (tx: Transaction, actor: UseCaseActor | null, event: SportEvent | null) => T,
  ): Promise<T> =>
    actorTransaction(ctx, async (tx, actor) =>
      fn(tx, actor, actor ? await readEvent(tx, eventId) : null),
    );

  const notify = (tx: Writes, list: readonly (NotificationWrite | null)[]) => {
    for (const n of list) if (n) writeNotification(tx, n, ctx.now());
  };

  return {
    /**
     * Adds the caller to the participants of a 先着順 event. Refusals: authJoinEvents, eventNotFound,
     * alreadyJoined (alreadyDone), removedByOrganizer, eventEnded, eventNotOpen, approvalRequired (承認制), eventFull (full, or people
     * wait in line). Fails: throws. Caller: a signed-in user.
     */
    async join(eventId: string): Promise<void> {
      const organizer = await onEvent(eventId, (tx, actor, event) => {
        const decision = decideJoin(
          actor,
          event,
          requesterNameOf(actor?.profile ?? null),
          ctx.now(),
        );
        tx.update(eventPath(eventId), { participants: decision.participants });
        notify(tx, [decision.notify]);
        return decision.notify ? event!.organizerId : null;
      });
      if (organizer) rosterMail(api, eventId, 'participant_joined', organizer);
    },

    /**
     * Removes the caller from the participants and deletes their requests for the event (up to
     * MY_REQUESTS_PER_EVENT_LIMIT); the first in line moves up. Refusals: authLeaveEvents,
     * eventNotFound, notParticipating, leaveAfterEnd (the event has ended: finished or past its
     * end, not cancelled). Fails: throws. Caller: a participant.
     */
    async leave(eventId: string): Promise<void> {
      const who = await ctx.session();
      // A transaction cannot query: my requests for the event (older ones may carry other ids)
      // are found first; they are deleted in the transaction that takes me off the list.
      const mine =
        who && eventId
          ? await storage.query({
              collection: 'participationRequests',
              where: [
                { field: 'userId', op: '==', value: who.uid },
                { field: 'eventId', op: '==', value: eventId },
              ],
              limit: MY_REQUESTS_PER_EVENT_LIMIT,
            })
          : [];
      const result = await onEvent(eventId, (tx, actor, event) => {
        const decision = decideLeave(
          actor,
          event,
          requesterNameOf(actor?.profile ?? null),
          ctx.now(),
        );
        writeRoster(tx, event!, decision);
        for (const d of mine) {
          if (d.data.userId === decision.deleteRequestsOf) tx.delete(d.path);
        }
        notify(tx, decision.notify);
        return { event: event!, promoted: decision.promoted };
      });
      promotionMail(api, result.event.id, result.promoted);
      rosterMail(api, eventId, 'participant_left', result.event.organizerId);
    },

    /**
     * Puts the caller at the end of the キャンセル待ち of a full, open event. Refusals: authJoinEvents,
     * eventNotFound, alreadyOnWaitlist (alreadyDone), alreadyJoined, removedByOrganizer,
     * eventEnded, eventNotOpen, eventNotFull,
     * waitlistFull. Fails: throws. Caller: a signed-in user.
     */
    async joinWaitlist(eventId: string): Promise<void> {
      await onEvent(eventId, async (tx, actor, event) => {
        // My own request for the event (firestore.rules let its requester look it up).
        const mine =
          actor && event
            ? await tx.get(`participationRequests/${requestIdFor(eventId, actor.uid)}`)
            : null;
        const pending = mine?.data.status === 'pending';
        tx.update(eventPath(eventId), decideJoinWaitlist(actor, event, pending, ctx.now()));
      });
    },

    /**
     * Takes the caller off the キャンセル待ち. Refusals: authLeaveEvents, eventNotFound, notOnWaitlist.
     * Fails: throws. Caller: someone waiting.
     */
    async leaveWaitlist(eventId: string): Promise<void> {
      await onEvent(eventId, (tx, actor, event) => {
        tx.update(eventPath(eventId), decideLeaveWaitlist(actor, event));
      });
    },

    /**
     * The organizer removes a participant for a reason from REMOVAL_REASONS, which the participant
     * is shown, and records the removal on the event (`removals.<uid>`: by, reason, at), so they
     * cannot join, ask or wait again by themself; the first in line moves up. Refusals: updateEventLogin, eventNotFound,
     * noEditPermission, eventFrozenByStaff, eventAlreadyOver, removalReasonRequired,
     * notParticipating. Fails: throws. Caller: the organizer.
     */
    async removeParticipant(eventId: string, uid: string, reason: RemovalReason): Promise<void> {
      const promoted = await onEvent(eventId, (tx, actor, event) => {
        const decision = decideRemoveParticipant(actor, event, uid, reason, ctx.now());
        writeRoster(tx, event!, decision, {
          [`removals.${uid}`]: { ...decision.removal, at: fieldOp.serverTime() },
        });
        notify(tx, decision.notify);
        return decision.promoted;
      });
      promotionMail(api, eventId, promoted);
      void runSideEffect('roster.removeParticipant: mail', () =>
        api.sendNotificationEmail({ type: 'participant_removed', eventId, recipientId: uid }),
      );
    },

    /**
     * The organizer adds back someone they removed: they rejoin the participants and their
     * removal record goes. Refusals: updateEventLogin, eventNotFound, noEditPermission,
     * eventFrozenByStaff, eventAlreadyOver, notRemoved, alreadyJoined, eventFull. Fails: throws.
     * Caller: the organizer.
     */
    async restoreParticipant(eventId: string, uid: string): Promise<void> {
      await onEvent(eventId, (tx, actor, event) => {
        const decision = decideRestoreParticipant(actor, event, uid, ctx.now());
        tx.update(eventPath(eventId), {
          participants: decision.participants,
          [`removals.${uid}`]: fieldOp.deleteField(),
        });
      });
    },
  };
}

/**
 * The event's participants and line after a change, and the requests of those who moved up on
 * a 承認制 event (pending, marked fromWaitlist; written anew over an earlier decided request of
 * theirs — nobody waits with a pending one), left out of the staff dashboard's pending count
 * (stats/participation counts the requests people make themselves).
 */
function writeRoster(
  tx: Writes,
  event: SportEvent,
  change: { participants: string[]; waitlist: string[]; promoted: string[] },
  extra: Record<string, unknown> = {},
): void {
  tx.update(eventPath(event.id), {
    participants: change.participants,
    waitlist: change.waitlist,
    ...extra,
  });
  if (event.entryMethod === 'firstCome') return;
  for (const uid of change.promoted) {
    tx.set(`participationRequests/${requestIdFor(event.id, uid)}`, {
      userId: uid,
      eventId: event.id,
      message: '',
      status: 'pending',
      fromWaitlist: true,
      createdAt: fieldOp.serverTime(),
      updatedAt: fieldOp.serverTime(),
    });
  }
}

/**
 * The capacity raise of an event edit: the seats it adds go to the first in line, written in
 * the transaction `tx` that saves the new capacity (the event as it was stored is `before`).
 * Resolves with who moved up; the caller sends their mail after the commit (promotionMail).
 */
export function promoteOnCapacityChange(
  tx: Writes,
  before: SportEvent,
  capacity: number,
  now: Date,
): string[] {
  const decision = decideCapacityPromotions(before, capacity, now);
  if (decision.promoted.length === 0) return [];
  writeRoster(tx, before, decision);
  for (const n of decision.notify) writeNotification(tx, n, now);
  return decision.promoted;
}

/** The mail of each person who moved up, in the background (their own switch decides). */
export function promotionMail(api: ApiPort, eventId: string, promoted: readonly string[]): void {
  for (const uid of promoted) {
    void runSideEffect('roster: waitlist promotion mail', () =>
      api.sendNotificationEmail({ type: 'waitlist_promoted', eventId, recipientId: uid }),
    );
  }
}

/** The organizer's mail for a leave or direct join (off unless they turned it on). */
function rosterMail(
  api: ApiPort,
  eventId: string,
  type: 'participant_left' | 'participant_joined',
  organizerId: string,
): void {
  if (!organizerId) return;
  void runSideEffect(`roster: ${type} mail`, () =>
    api.sendNotificationEmail({ type, eventId, recipientId: organizerId }),
  );
}
