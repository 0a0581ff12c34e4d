import {
  collection,
  doc,
  documentId,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  type Transaction,
} from 'firebase/firestore';
import {
  EVENT_REQUESTS_LIMIT,
  MY_PENDING_FALLBACK_LIMIT,
  MY_PENDING_LIMIT,
} from '@/domain/constants';
import type { SportEvent } from '@/domain/entities/event';
import {
  PLACEHOLDER_EVENT_INFO,
  type ParticipationRequest,
  type PendingRequestWithEvent,
} from '@/domain/entities/participation-request';
import { DomainError } from '@/domain/errors';
import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';
import {
  decideApprove,
  decideCancel,
  decideReject,
  decideRequest,
  mayListEventRequests,
  pendingFromFallback,
  requestThatCounts,
} from '@/domain/rules/participation';
import type { ApiPort } from '@/data/ports/api';
import type { ParticipationPort } from '@/data/ports/participation';
import { runSideEffect } from '@/lib/side-effects';
import { eventConverter, parsedDocs, requestConverter } from './converters';
import { currentUid, type FirebaseContext } from './context';
import { applyParticipants } from './events';
import { notificationWrite } from './notifications';
import { logQueryError } from './query-error';

/** Firestore's `in` filter takes at most 30 values. */
const IN_LIMIT = 30;

/**
 * Other users' addresses are private here (users/{uid}/private/account is owner-only), so the
 * mails go out with recipientEmail '' and the Function resolves it from recipientId.
 */
const UNREADABLE_EMAIL = '';

export function createParticipationPort(ctx: FirebaseContext, api: ApiPort): ParticipationPort {
  const requests = collection(ctx.db, 'participationRequests');
  const notifications = collection(ctx.db, 'notifications');
  const requestRef = (id: string) => doc(ctx.db, 'participationRequests', id);
  const eventRef = (id: string) => doc(ctx.db, 'events', id);

  /** Reads a request and its event inside the transaction (nothing when signed out). */
  const readForProcessing = async (tx: Transaction, uid: string | null, requestId: string) => {
    if (!uid || !requestId) return { request: null, event: null, eventSnap: null };
    const reqSnap = await tx.get(requestRef(requestId).withConverter(requestConverter));
    const request = reqSnap.exists() ? reqSnap.data() : null;
    if (!request?.eventId) return { request, event: null, eventSnap: null };
    const eventSnap = await tx.get(eventRef(request.eventId).withConverter(eventConverter));
    return { request, event: eventSnap.exists() ? eventSnap.data() : null, eventSnap };
  };

  const eventInfo = async (
    ids: string[],
  ): Promise<Map<string, PendingRequestWithEvent['event']>> => {
    const out = new Map<string, PendingRequestWithEvent['event']>();
    const unique = [...new Set(ids.filter(Boolean))];
    for (let i = 0; i < unique.length; i += IN_LIMIT) {
      const snap = await getDocs(
        query(
          collection(ctx.db, 'events'),
          where(documentId(), 'in', unique.slice(i, i + IN_LIMIT)),
        ).withConverter(eventConverter),
      );
      for (const e of parsedDocs(snap, 'participation.myPending.events')) {
        out.set(e.id, { title: e.title, date: e.date, location: e.location });
      }
    }
    return out;
  };

  /** The main pending list: the status filter (a composite index) and the event info joined. */
  const pendingWithEvents = async (uid: string): Promise<PendingRequestWithEvent[]> => {
    const snap = await getDocs(
      query(
        requests,
        where('userId', '==', uid),
        where('status', '==', 'pending'),
        orderBy('createdAt', 'desc'),
        limit(MY_PENDING_LIMIT),
      ).withConverter(requestConverter),
    );
    const pending = parsedDocs(snap, 'participation.myPending');
    const info = await eventInfo(pending.map((r) => r.eventId));
    return pending.map((r) => ({
      ...r,
      event: info.get(r.eventId) ?? { ...PLACEHOLDER_EVENT_INFO },
    }));
  };

  return {
    async request(eventId, message) {
      const uid = await currentUid(ctx);
      // A transaction cannot query: my earlier requests for the event are found first and re-read.
      const mine = uid
        ? await getDocs(
            query(requests, where('userId', '==', uid), where('eventId', '==', eventId)),
          )
        : null;
      const requesterName = ctx.auth.currentUser?.displayName ?? '';
      return runTransaction(ctx.db, async (tx) => {
        let event: SportEvent | null = null;
        const myRequests: ParticipationRequest[] = [];
        if (uid && eventId) {
          const eventSnap = await tx.get(eventRef(eventId).withConverter(eventConverter));
          event = eventSnap.exists() ? eventSnap.data() : null;
          for (const d of mine?.docs ?? []) {
            const r = await tx.get(d.ref.withConverter(requestConverter));
            if (r.exists()) myRequests.push(r.data());
          }
        }
        const decision = decideRequest({ uid, event, myRequests, requesterName, message });
        const ref = doc(requests);
        tx.set(ref, {
          ...decision.request,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
        tx.set(doc(notifications), notificationWrite(decision.notify));
        return ref.id;
      });
    },

    async cancel(requestId) {
      const uid = await currentUid(ctx);
      await runTransaction(ctx.db, async (tx) => {
        let request: ParticipationRequest | null = null;
        if (uid && requestId) {
          const snap = await tx.get(requestRef(requestId).withConverter(requestConverter));
          request = snap.exists() ? snap.data() : null;
        }
        decideCancel(uid, request);
        tx.delete(requestRef(requestId));
      });
    },

    async approve(requestId) {
      const uid = await currentUid(ctx);
      const { request, event } = await runTransaction(ctx.db, async (tx) => {
        const read = await readForProcessing(tx, uid, requestId);
        const decision = decideApprove({ uid, request: read.request, event: read.event });
        const event = read.event!;
        tx.update(requestRef(requestId), { status: 'approved', updatedAt: serverTimestamp() });
        applyParticipants(
          tx,
          eventRef(event.id),
          read.eventSnap!,
          event.participants,
          decision.participants,
          requestId,
        );
        tx.set(doc(notifications), notificationWrite(decision.notify));
        return { request: read.request!, event };
      });
      void runSideEffect('participation.approve: mail', () =>
        api.sendNotificationEmail(
          approvalEmailPayload({ request, event, recipientEmail: UNREADABLE_EMAIL }),
        ),
      );
    },

    async reject(requestId) {
      const uid = await currentUid(ctx);
      const { request, event } = await runTransaction(ctx.db, async (tx) => {
        const read = await readForProcessing(tx, uid, requestId);
        const decision = decideReject({ uid, request: read.request, event: read.event });
        tx.update(requestRef(requestId), { status: 'rejected', updatedAt: serverTimestamp() });
        tx.set(doc(notifications), notificationWrite(decision.notify));
        return { request: read.request!, event: read.event! };
      });
      const organizerName = ctx.auth.currentUser?.displayName ?? '';
      void runSideEffect('participation.reject: mail', () =>
        api.sendNotificationEmail(
          rejectionEmailPayload({
            request,
            event,
            recipientEmail: UNREADABLE_EMAIL,
            organizerName,
          }),
        ),
      );
    },

    async myPending() {
      const uid = await currentUid(ctx);
      if (!uid) return [];
      try {
        return await pendingWithEvents(uid);
      } catch (e) {
        logQueryError('participation.myPending: using the fallback', e);
      }
      const snap = await getDocs(
        query(requests, where('userId', '==', uid), limit(MY_PENDING_FALLBACK_LIMIT)).withConverter(
          requestConverter,
        ),
      );
      return pendingFromFallback(parsedDocs(snap, 'participation.myPending.fallback'));
    },

    async myRequestFor(eventId) {
      const uid = await currentUid(ctx);
      if (!uid || !eventId) return null;
      const snap = await getDocs(
        query(requests, where('userId', '==', uid), where('eventId', '==', eventId)).withConverter(
          requestConverter,
        ),
      );
      return requestThatCounts(parsedDocs(snap, 'participation.myRequestFor'));
    },

    async forEvent(eventId) {
      const uid = await currentUid(ctx);
      if (!uid || !eventId) return [];
      const event = await getDoc(eventRef(eventId).withConverter(eventConverter));
      if (!mayListEventRequests(uid, event.exists() ? event.data() : null)) return [];
      const snap = await getDocs(
        query(
          requests,
          where('eventId', '==', eventId),
          orderBy('createdAt'),
          limit(EVENT_REQUESTS_LIMIT),
        ).withConverter(requestConverter),
      );
      return parsedDocs(snap, 'participation.forEvent');
    },

    async pendingCount(eventId) {
      if (!(await currentUid(ctx))) throw new DomainError('loginRequired');
      // A count reads no documents; the rules let only the event's organizer run it.
      const snap = await getCountFromServer(
        query(requests, where('eventId', '==', eventId), where('status', '==', 'pending')),
      );
      return snap.data().count;
    },
  };
}
