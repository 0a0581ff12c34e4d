import {
  collection,
  doc,
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type Transaction,
} from 'firebase/firestore';
import type { SportEvent } from '@/domain/entities/event';
import {
  PLACEHOLDER_EVENT_INFO,
  requestIdFor,
  type ParticipationRequest,
  type PendingRequestWithEvent,
} from '@/domain/entities/participation-request';
import { requesterNameOf } from '@/domain/entities/notification';
import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';
import {
  decideApprove,
  decideCancel,
  decideReject,
  decideRequest,
} from '@/domain/rules/participation';
import type { ApiPort, ApprovalEmail, RejectionEmail } from '@/data/ports/api';
import type { ParticipationPort } from '@/data/ports/participation';
import { logger } from '@/lib/logger';
import { eventConverter, parsedDocs, requestConverter } from './converters';
import { currentActor, currentUid, type FirebaseContext } from './context';
import { applyParticipants } from './events';
import { notificationWrite } from './notifications';
import { isRulesRefusal, logQueryError } from './query-error';

export const MY_PENDING_LIMIT = 50;
/** The fallback query has no status filter, so it reads more to find the pending ones. */
export const MY_PENDING_FALLBACK_LIMIT = 200;
export const FOR_EVENT_LIMIT = 200;
const IN_LIMIT = 30;

const byCreatedAsc = (a: ParticipationRequest, b: ParticipationRequest) =>
  (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0);
const byCreatedDesc = (a: ParticipationRequest, b: ParticipationRequest) => byCreatedAsc(b, a);

/**
 * Other users' addresses are private here (users/{uid}/private/account is owner-only), so the
 * mails go out with recipientEmail '' and the Function resolves it from recipientId.
 */
const UNREADABLE_EMAIL = '';

export interface FirebaseParticipationPort extends ParticipationPort {
  queryPendingMain(uid: string): Promise<ParticipationRequest[]>;
}

export function createParticipationPort(
  ctx: FirebaseContext,
  api: ApiPort,
): FirebaseParticipationPort {
  const requests = collection(ctx.db, 'participationRequests');
  const notifications = collection(ctx.db, 'notifications');
  const requestRef = (id: string) => doc(ctx.db, 'participationRequests', id);
  const eventRef = (id: string) => doc(ctx.db, 'events', id);

  /**
   * A request inside a transaction, or null: the rules refuse to show a request to anyone but
   * its requester and its event's organizer, missing ones included (requestVisibleTo), and such
   * a refusal reads as "not found".
   */
  const readRequest = async (tx: Transaction, id: string): Promise<ParticipationRequest | null> => {
    try {
      const snap = await tx.get(requestRef(id).withConverter(requestConverter));
      return snap.exists() ? snap.data() : null;
    } catch (e) {
      if (isRulesRefusal(e)) return null;
      throw e;
    }
  };

  /** Reads the actor, a request and its event inside the transaction (no more when signed out). */
  const readForProcessing = async (tx: Transaction, requestId: string) => {
    const actor = await currentActor(ctx, tx);
    if (!actor || !requestId) return { actor, request: null, event: null, eventSnap: null };
    const request = await readRequest(tx, requestId);
    if (!request?.eventId) return { actor, request, event: null, eventSnap: null };
    const eventSnap = await tx.get(eventRef(request.eventId).withConverter(eventConverter));
    return { actor, request, event: eventSnap.exists() ? eventSnap.data() : null, eventSnap };
  };

  /** Fire-and-forget (SPEC §7): the mail never blocks or fails the approval itself. */
  const mail = (payload: ApprovalEmail | RejectionEmail) => {
    api.sendNotificationEmail(payload).catch((e: unknown) => logger.error('participation.mail', e));
  };

  const eventInfo = async (
    ids: string[],
  ): Promise<Map<string, PendingRequestWithEvent['event']>> => {
    const out = new Map<string, PendingRequestWithEvent['event']>();
    const unique = [...new Set(ids.filter(Boolean))];
    for (let i = 0; i < unique.length; i += IN_LIMIT) {
      try {
        const snap = await getDocs(
          query(
            collection(ctx.db, 'events'),
            where(documentId(), 'in', unique.slice(i, i + IN_LIMIT)),
          ).withConverter(eventConverter),
        );
        for (const e of parsedDocs(snap, 'participation.myPending.events')) {
          out.set(e.id, { title: e.title, date: e.date, location: e.location });
        }
      } catch (e) {
        logQueryError('participation.myPending.events', e);
      }
    }
    return out;
  };

  const port: FirebaseParticipationPort = {
    async request(eventId, message) {
      const uid = await currentUid(ctx);
      // A transaction cannot query: my earlier requests for the event (older ones may carry
      // other ids) are found first and re-read inside, with the id this request will have.
      const mine = uid
        ? await getDocs(
            query(requests, where('userId', '==', uid), where('eventId', '==', eventId)),
          )
        : null;
      return runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        let event: SportEvent | null = null;
        const myRequests: ParticipationRequest[] = [];
        if (actor && eventId) {
          const eventSnap = await tx.get(eventRef(eventId).withConverter(eventConverter));
          event = eventSnap.exists() ? eventSnap.data() : null;
          const ids = new Set([
            requestIdFor(eventId, actor.uid),
            ...(mine?.docs ?? []).map((d) => d.id),
          ]);
          for (const id of ids) {
            const r = await readRequest(tx, id);
            if (r) myRequests.push(r);
          }
        }
        const decision = decideRequest({
          actor,
          event,
          myRequests,
          requesterName: requesterNameOf(actor?.profile ?? null),
          message,
        });
        // A new request, or my rejected one asked again: either way it starts over from now.
        tx.set(requestRef(decision.id), {
          ...decision.request,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
        tx.set(doc(notifications, decision.notify.id), notificationWrite(decision.notify));
        return decision.id;
      });
    },

    async cancel(requestId) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const request = actor && requestId ? await readRequest(tx, requestId) : null;
        decideCancel(actor, request);
        tx.delete(requestRef(requestId));
      });
    },

    async approve(requestId) {
      const { request, event } = await runTransaction(ctx.db, async (tx) => {
        const read = await readForProcessing(tx, requestId);
        const decision = decideApprove(read);
        const event = read.event!;
        tx.update(requestRef(requestId), { status: 'approved', updatedAt: serverTimestamp() });
        applyParticipants(
          tx,
          eventRef(event.id),
          read.eventSnap!,
          event.participants,
          decision.participants,
        );
        tx.set(doc(notifications, decision.notify.id), notificationWrite(decision.notify));
        return { request: read.request!, event };
      });
      mail(approvalEmailPayload({ request, event, recipientEmail: UNREADABLE_EMAIL }));
    },

    async reject(requestId) {
      const { request, event } = await runTransaction(ctx.db, async (tx) => {
        const read = await readForProcessing(tx, requestId);
        const decision = decideReject(read);
        tx.update(requestRef(requestId), { status: 'rejected', updatedAt: serverTimestamp() });
        tx.set(doc(notifications, decision.notify.id), notificationWrite(decision.notify));
        return { request: read.request!, event: read.event! };
      });
      mail(
        rejectionEmailPayload({
          request,
          event,
          recipientEmail: UNREADABLE_EMAIL,
          organizerName: ctx.auth.currentUser?.displayName ?? '',
        }),
      );
    },

    /**
     * The main pending-requests query, a method of its own so the contract harness can make it
     * fail the way a missing composite index does and check the fallback.
     */
    async queryPendingMain(uid: string): Promise<ParticipationRequest[]> {
      const snap = await getDocs(
        query(
          requests,
          where('userId', '==', uid),
          where('status', '==', 'pending'),
          orderBy('createdAt', 'desc'),
          limit(MY_PENDING_LIMIT),
        ).withConverter(requestConverter),
      );
      return parsedDocs(snap, 'participation.myPending');
    },

    async myPending() {
      const uid = await currentUid(ctx);
      if (!uid) return [];
      try {
        const pending = await port.queryPendingMain(uid);
        const info = await eventInfo(pending.map((r) => r.eventId));
        return pending.map((r) => ({
          ...r,
          event: info.get(r.eventId) ?? { ...PLACEHOLDER_EVENT_INFO },
        }));
      } catch (e) {
        logQueryError('participation.myPending', e);
      }
      // SPEC §8 fallback: no status filter (no composite index needed), pending kept on the client.
      try {
        const snap = await getDocs(
          query(
            requests,
            where('userId', '==', uid),
            limit(MY_PENDING_FALLBACK_LIMIT),
          ).withConverter(requestConverter),
        );
        return parsedDocs(snap, 'participation.myPending.fallback')
          .filter((r) => r.status === 'pending')
          .sort(byCreatedDesc)
          .map((r) => ({ ...r, event: { ...PLACEHOLDER_EVENT_INFO } }));
      } catch (e) {
        logQueryError('participation.myPending.fallback', e);
        return [];
      }
    },

    async myRequestFor(eventId) {
      const uid = await currentUid(ctx);
      if (!uid || !eventId) return null;
      const snap = await getDocs(
        query(requests, where('userId', '==', uid), where('eventId', '==', eventId)).withConverter(
          requestConverter,
        ),
      );
      const mine = parsedDocs(snap, 'participation.myRequestFor').sort(byCreatedDesc);
      // A pending request decides what the screen offers; otherwise the latest outcome.
      return mine.find((r) => r.status === 'pending') ?? mine[0] ?? null;
    },

    async forEvent(eventId) {
      if (!eventId) return [];
      try {
        const snap = await getDocs(
          query(requests, where('eventId', '==', eventId), limit(FOR_EVENT_LIMIT)).withConverter(
            requestConverter,
          ),
        );
        return parsedDocs(snap, 'participation.forEvent').sort(byCreatedAsc);
      } catch (e) {
        logQueryError('participation.forEvent', e);
        return [];
      }
    },
  };
  return port;
}
