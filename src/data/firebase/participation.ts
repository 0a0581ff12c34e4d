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
  startAfter,
  Timestamp,
  where,
  type Transaction,
} from 'firebase/firestore';
import {
  EVENT_REQUESTS_PAGE_SIZE,
  MY_PENDING_FALLBACK_LIMIT,
  MY_PENDING_LIMIT,
  MY_REQUESTS_PER_EVENT_LIMIT,
} from '@/domain/constants';
import type { SportEvent } from '@/domain/entities/event';
import {
  PLACEHOLDER_EVENT_INFO,
  requestIdFor,
  type ParticipationRequest,
  type PendingRequestWithEvent,
} from '@/domain/entities/participation-request';
import { requesterNameOf } from '@/domain/entities/notification';
import { DomainError } from '@/domain/errors';
import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';
import {
  decideApprove,
  decideCancel,
  decideReject,
  decideRequest,
  mayListEventRequests,
  ORGANIZER_PHASE_STATUSES,
  pendingFromFallback,
  requestThatCounts,
} from '@/domain/rules/participation';
import type { ApiPort } from '@/data/ports/api';
import type { ParticipationPort } from '@/data/ports/participation';
import { runSideEffect } from '@/lib/side-effects';
import { eventConverter, parsedDocs, requestConverter } from './converters';
import { currentActor, currentUid, type FirebaseContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';
import { applyParticipants } from './events';
import { readInChunks } from './in-chunks';
import { notificationWrite } from './notifications';
import { isRulesRefusal, logQueryError } from './query-error';

export function createParticipationPort(ctx: FirebaseContext, api: ApiPort): ParticipationPort {
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

  const eventInfo = async (
    ids: string[],
  ): Promise<Map<string, PendingRequestWithEvent['event']>> => {
    const events = await readInChunks([...new Set(ids.filter(Boolean))], async (chunk) =>
      parsedDocs(
        await getDocs(
          query(collection(ctx.db, 'events'), where(documentId(), 'in', chunk)).withConverter(
            eventConverter,
          ),
        ),
        'participation.myPending.events',
      ),
    );
    return new Map(
      events.map((e) => [e.id, { title: e.title, date: e.date, location: e.location }]),
    );
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
      // A transaction cannot query: my earlier requests for the event (older ones may carry
      // other ids) are found first and re-read inside, with the id this request will have.
      const mine = uid
        ? await getDocs(
            query(
              requests,
              where('userId', '==', uid),
              where('eventId', '==', eventId),
              limit(MY_REQUESTS_PER_EVENT_LIMIT),
            ),
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
      const request = await runTransaction(ctx.db, async (tx) => {
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
        return read.request!;
      });
      void runSideEffect('participation.approve: mail', () =>
        api.sendNotificationEmail(approvalEmailPayload(request)),
      );
    },

    async reject(requestId) {
      const request = await runTransaction(ctx.db, async (tx) => {
        const read = await readForProcessing(tx, requestId);
        const decision = decideReject(read);
        tx.update(requestRef(requestId), { status: 'rejected', updatedAt: serverTimestamp() });
        tx.set(doc(notifications, decision.notify.id), notificationWrite(decision.notify));
        return read.request!;
      });
      void runSideEffect('participation.reject: mail', () =>
        api.sendNotificationEmail(rejectionEmailPayload(request)),
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
        query(
          requests,
          where('userId', '==', uid),
          where('eventId', '==', eventId),
          limit(MY_REQUESTS_PER_EVENT_LIMIT),
        ).withConverter(requestConverter),
      );
      return requestThatCounts(parsedDocs(snap, 'participation.myRequestFor'));
    },

    async forEvent(eventId, cursor) {
      const uid = await currentUid(ctx);
      const none = { items: [], nextCursor: null };
      if (!uid || !eventId) return none;
      const event = await getDoc(eventRef(eventId).withConverter(eventConverter));
      if (!mayListEventRequests(uid, event.exists() ? event.data() : null)) return none;
      // Two queries in the organizer's order, each reading no more than the page still needs
      // plus one: the pending ones oldest first, then the decided ones latest first.
      const after = decodeOrderCursor(cursor);
      const found: { request: ParticipationRequest; key: OrderCursor }[] = [];
      const read = async (phase: OrderCursor['phase']) => {
        const statuses = [...ORGANIZER_PHASE_STATUSES[phase]];
        const [field, dir]: [string, 'asc' | 'desc'] =
          phase === 'pending' ? ['createdAt', 'asc'] : ['updatedAt', 'desc'];
        const from = after?.phase === phase ? [startAfter(timestampOf(after.t), after.id)] : [];
        const snap = await getDocs(
          query(
            requests,
            where('eventId', '==', eventId),
            where('status', 'in', statuses),
            orderBy(field, dir),
            orderBy(documentId(), dir),
            ...from,
            limit(EVENT_REQUESTS_PAGE_SIZE + 1 - found.length),
          ).withConverter(requestConverter),
        );
        for (const d of snap.docs) {
          for (const request of parsedDocs([d], 'participation.forEvent')) {
            found.push({ request, key: { phase, t: microsOf(d.get(field)), id: d.id } });
          }
        }
      };
      if (!after || after.phase === 'pending') await read('pending');
      if (found.length <= EVENT_REQUESTS_PAGE_SIZE) await read('decided');
      const items = found.slice(0, EVENT_REQUESTS_PAGE_SIZE);
      const last = items.at(-1);
      return {
        items: items.map((f) => f.request),
        nextCursor: found.length > items.length && last ? encodeOrderCursor(last.key) : null,
      };
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

/** Where the organizer's list stopped: the phase, its sort time in microseconds, the id. */
interface OrderCursor {
  phase: 'pending' | 'decided';
  t: number;
  id: string;
}

function encodeOrderCursor(c: OrderCursor): string {
  return encodeCursor({ t: c.t, s: c.phase, id: c.id });
}

function decodeOrderCursor(cursor: string | null | undefined): OrderCursor | null {
  const v = decodeCursor(cursor);
  return v && (v.s === 'pending' || v.s === 'decided') && Number.isInteger(v.t)
    ? { phase: v.s, t: v.t, id: v.id }
    : null;
}

/**
 * A stored time in whole microseconds, Firestore's precision: an integer a cursor carries
 * exactly, where fractional milliseconds could round to just before the last item and show it
 * twice.
 */
function microsOf(v: unknown): number {
  return v instanceof Timestamp ? v.seconds * 1_000_000 + Math.floor(v.nanoseconds / 1000) : 0;
}

function timestampOf(micros: number): Timestamp {
  const seconds = Math.floor(micros / 1_000_000);
  return new Timestamp(seconds, (micros - seconds * 1_000_000) * 1000);
}
