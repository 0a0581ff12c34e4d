import type { ApiPort } from '@/data/ports/api';
import {
  fieldOp,
  orderByThenId,
  type QueriedDoc,
  type Query,
  type StoredDoc,
  type Transaction,
} from '@/data/storage/storage';
import { decodeCursor, encodeCursor } from '@/data/storage/cursor';
import {
  EVENT_REQUESTS_PAGE_SIZE,
  MY_PENDING_FALLBACK_LIMIT,
  MY_PENDING_LIMIT,
  MY_REQUESTS_PER_EVENT_LIMIT,
} from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import type { SportEvent } from '@/domain/entities/event';
import { requesterNameOf } from '@/domain/entities/notification';
import {
  participationRequestSchema,
  PLACEHOLDER_EVENT_INFO,
  requestIdFor,
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
  ORGANIZER_PHASE_STATUSES,
  pendingFromFallback,
  requestThatCounts,
  requestVisibleTo,
} from '@/domain/rules/participation';
import { logger } from '@/lib/logger';
import { runSideEffect } from '@/lib/side-effects';
import {
  actorTransaction,
  eventPath,
  listenAfter,
  onOwnQuery,
  onQueries,
  parseDoc,
  parseDocs,
  readActor,
  readEvent,
  readUnlessRefused,
  writeNotification,
  type UseCaseActor,
  type UseCaseContext,
} from './context';
import { countPendingChange, isCountedPending } from './pending-count';

const REQUESTS = 'participationRequests';
const requestPath = (id: string) => `${REQUESTS}/${id}`;

/**
 * Join requests, written once for both backends: what each reads, the domain's decision
 * (src/domain/rules/participation.ts), the writes that change together, the notification and the
 * mail. The writes have the shapes firestore.rules accept. Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function participationUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;

  /** A request inside a transaction, or null when it is missing or not the reader's to see. */
  const readRequest = async (tx: Transaction, uid: string, id: string) => {
    const request = parseDoc(
      participationRequestSchema,
      await readUnlessRefused(() => tx.get(requestPath(id))),
    );
    const event = request?.eventId ? await readEvent(tx, request.eventId) : null;
    return { request: requestVisibleTo(uid, request, event?.organizerId ?? null), event };
  };

  /** The actor, the request and its event, read for the organizer's decision. */
  const readForProcessing = async (
    tx: Transaction,
    actor: UseCaseActor | null,
    requestId: string,
  ) => {
    if (!actor || !requestId) return { actor, request: null, event: null };
    const { request, event } = await readRequest(tx, actor.uid, requestId);
    return { actor, request, event: request ? event : null };
  };

  /** My requests for an event (at most MY_REQUESTS_PER_EVENT_LIMIT), by the [userId, eventId] index. */
  const myRequestsQuery = (uid: string, eventId: string): Query => ({
    collection: REQUESTS,
    where: [
      { field: 'userId', op: '==', value: uid },
      { field: 'eventId', op: '==', value: eventId },
    ],
    limit: MY_REQUESTS_PER_EVENT_LIMIT,
  });
  const requestsOf = (uid: string, eventId: string) => storage.query(myRequestsQuery(uid, eventId));
  const countingRequest = (docs: StoredDoc[]) =>
    requestThatCounts(parseDocs(participationRequestSchema, docs, 'participation.myRequestFor'));

  /**
   * One phase of the organizer's list from a cursor: the pending requests oldest first, or the
   * decided ones latest first.
   */
  const phaseQuery = (
    eventId: string,
    phase: PageCursor['phase'],
    after: string | null,
    limit: number,
  ): Query => {
    const [field, direction] =
      phase === 'pending' ? (['createdAt', 'asc'] as const) : (['updatedAt', 'desc'] as const);
    return {
      collection: REQUESTS,
      where: [
        { field: 'eventId', op: '==', value: eventId },
        { field: 'status', op: 'in', value: [...ORGANIZER_PHASE_STATUSES[phase]] },
      ],
      orderBy: orderByThenId(field, direction),
      after,
      limit,
    };
  };

  /** Whether the session's user may list the event's requests (its organizer). */
  const mayList = async (eventId: string) => {
    const who = await ctx.session();
    return !!who && !!eventId && mayListEventRequests(who.uid, await readEvent(storage, eventId));
  };

  /** The main pending list: the status filter in the index, newest first, event info joined. */
  const pendingWithEvents = async (uid: string): Promise<PendingRequestWithEvent[]> => {
    const pending = parseDocs(
      participationRequestSchema,
      await storage.query({
        collection: REQUESTS,
        where: [
          { field: 'userId', op: '==', value: uid },
          { field: 'status', op: '==', value: 'pending' },
        ],
        orderBy: [{ field: 'createdAt', direction: 'desc' }],
        limit: MY_PENDING_LIMIT,
      }),
      'participation.myPending',
    );
    const ids = [...new Set(pending.map((r) => r.eventId).filter(Boolean))];
    const events = await Promise.all(ids.map((id) => readEvent(storage, id)));
    const info = new Map(
      events.flatMap((e) =>
        e ? [[e.id, { title: e.title, date: e.date, location: e.location }]] : [],
      ),
    );
    return pending.map((r) => ({
      ...r,
      event: info.get(r.eventId) ?? { ...PLACEHOLDER_EVENT_INFO },
    }));
  };

  /**
   * The organizer's decision on a request in one transaction: `write` gets the domain's reading
   * and makes the writes. Resolves with the request, for the mail that follows.
   */
  const process = async (
    requestId: string,
    write: (
      tx: Transaction,
      read: {
        actor: UseCaseActor | null;
        request: ParticipationRequest | null;
        event: SportEvent | null;
      },
    ) => void,
  ): Promise<ParticipationRequest> => {
    return actorTransaction(ctx, async (tx, actor) => {
      const read = await readForProcessing(tx, actor, requestId);
      write(tx, read);
      return read.request!;
    });
  };

  return {
    /**
     * Creates a pending request with the trimmed message, tells the organizer, and returns its id.
     * Looks at up to MY_REQUESTS_PER_EVENT_LIMIT of my earlier requests for the event. Refusals:
     * authJoinEvents, eventNotFound, alreadyJoined, alreadyRequested, removedByOrganizer,
     * eventEnded, eventNotOpen, eventFull, requestMessageTooLong. Fails: throws. Caller: a signed-in user.
     */
    async request(eventId: string, message: string): Promise<string> {
      const who = await ctx.session();
      // A transaction cannot query: my earlier requests for the event (older ones may carry
      // other ids) are found first and read again inside, with the id this request will have.
      const mine = who && eventId ? await requestsOf(who.uid, eventId) : [];
      return storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        let event: SportEvent | null = null;
        const myRequests: ParticipationRequest[] = [];
        if (actor && eventId) {
          event = await readEvent(tx, eventId);
          for (const id of new Set([requestIdFor(eventId, actor.uid), ...mine.map((d) => d.id)])) {
            const r = parseDoc(
              participationRequestSchema,
              await readUnlessRefused(() => tx.get(requestPath(id))),
            );
            if (r) myRequests.push(r);
          }
        }
        const decision = decideRequest({
          actor,
          event,
          myRequests,
          requesterName: requesterNameOf(actor?.profile ?? null),
          message,
          now: ctx.now(),
        });
        // A new request, or my rejected one asked again: either way it starts over from now.
        tx.set(requestPath(decision.id), {
          ...decision.request,
          createdAt: fieldOp.serverTime(),
          updatedAt: fieldOp.serverTime(),
        });
        writeNotification(tx, decision.notify, ctx.now());
        countPendingChange(tx, decision.id, 1);
        return decision.id;
      });
    },

    /**
     * Deletes the caller's pending request. Refusals: loginRequired, requestNotFound (also once
     * cancelled), noCancelPermission, alreadyProcessed. Fails: throws. Caller: the requester.
     */
    async cancel(requestId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const { request } =
          actor && requestId ? await readRequest(tx, actor.uid, requestId) : { request: null };
        decideCancel(actor, request);
        tx.delete(requestPath(requestId));
        if (request && isCountedPending(request)) countPendingChange(tx, requestId, -1);
      });
    },

    /**
     * In one transaction: the request approved, the requester added to the participants if absent,
     * a participation_approved notification. Then the approval mail goes out in the background
     * (runSideEffect: it never fails or delays the approval; its failure is logged). Refusals:
     * loginRequired, requestNotFound, alreadyProcessed, eventNotFound, noProcessPermission,
     * eventEnded (past its end), eventNotOpen (cancelled or finished), eventFull. Fails: throws. Caller: the event's
     * organizer.
     */
    async approve(requestId: string): Promise<void> {
      const request = await process(requestId, (tx, read) => {
        const decision = decideApprove({ ...read, now: ctx.now() });
        const event = read.event!;
        // Request, participants and notification change together or not at all. The newcomer is
        // appended (arrayUnion): the rules read them as the last entry.
        tx.update(requestPath(requestId), { status: 'approved', updatedAt: fieldOp.serverTime() });
        if (isCountedPending(read.request!)) countPendingChange(tx, requestId, -1);
        const added = decision.participants.filter((p) => !event.participants.includes(p));
        if (added.length > 0) {
          tx.update(eventPath(event.id), { participants: fieldOp.arrayUnion(...added) });
        }
        writeNotification(tx, decision.notify, ctx.now());
      });
      void runSideEffect('participation.approve: mail', () =>
        api.sendNotificationEmail(approvalEmailPayload(request)),
      );
    },

    /**
     * As approve, without adding anyone: the request rejected, a participation_rejected
     * notification, the rejection mail in the background. Refusals as approve, except the event's
     * status and capacity. Fails: throws. Caller: the event's organizer.
     */
    async reject(requestId: string): Promise<void> {
      const request = await process(requestId, (tx, read) => {
        const decision = decideReject(read);
        tx.update(requestPath(requestId), { status: 'rejected', updatedAt: fieldOp.serverTime() });
        if (isCountedPending(read.request!)) countPendingChange(tx, requestId, -1);
        writeNotification(tx, decision.notify, ctx.now());
      });
      void runSideEffect('participation.reject: mail', () =>
        api.sendNotificationEmail(rejectionEmailPayload(request)),
      );
    },

    /**
     * My pending requests with their event's title, date and place. Order: newest first. Cap:
     * MY_PENDING_LIMIT. Missing: an event that is gone shows PLACEHOLDER_EVENT_INFO. Signed out:
     * []. Fails: when the main read fails (Firebase: a missing index) the failure is logged and the
     * fallback read runs (pendingFromFallback: my requests without the status filter, capped at
     * MY_PENDING_FALLBACK_LIMIT, pending ones kept, placeholder event info); when that fails too,
     * throws. Caller: anyone.
     */
    async myPending(): Promise<PendingRequestWithEvent[]> {
      const who = await ctx.session();
      if (!who) return [];
      try {
        return await pendingWithEvents(who.uid);
      } catch (e) {
        logger.error('participation.myPending: using the fallback', e);
      }
      const mine = await storage.query({
        collection: REQUESTS,
        where: [{ field: 'userId', op: '==', value: who.uid }],
        limit: MY_PENDING_FALLBACK_LIMIT,
      });
      return pendingFromFallback(
        parseDocs(participationRequestSchema, mine, 'participation.myPending.fallback'),
      );
    },

    /**
     * My request for the event that counts (requestThatCounts: the pending one, else the newest),
     * among at most MY_REQUESTS_PER_EVENT_LIMIT of mine for it, read once. Missing: null (none,
     * or signed out). Fails: throws. Caller: anyone. (The screens follow it live with
     * subscribeMyRequest; this single read is what the contract suite checks state with.)
     */
    async myRequestFor(eventId: string): Promise<ParticipationRequest | null> {
      const who = await ctx.session();
      if (!who || !eventId) return null;
      return countingRequest(await requestsOf(who.uid, eventId));
    },

    /**
     * My request for the event that counts, as myRequestFor, delivered now and on every change
     * (the organizer's answer included) until unsubscribed. Fails: onError; 'permission-denied'
     * for anyone's but the caller's own. Caller: the signed-in user, for themself.
     */
    subscribeMyRequest(
      uid: string,
      eventId: string,
      onChange: (request: ParticipationRequest | null) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return onOwnQuery(
        ctx,
        uid,
        () => myRequestsQuery(uid, eventId),
        (docs) => onChange(countingRequest(docs)),
        onError,
      );
    },

    /**
     * A page of the event's requests, messages included. Order: the organizer's (inOrganizerOrder:
     * pending oldest first, then decided latest first). Page: EVENT_REQUESTS_PAGE_SIZE, then
     * nextCursor; an unreadable cursor starts from the first page. Reads at most a page plus one.
     * Only the organizer sees them (mayListEventRequests): anyone else, signed out included, gets
     * an empty page, and so does a missing event. Fails: throws. Caller: anyone.
     */
    async forEvent(eventId: string, cursor?: string | null): Promise<Page<ParticipationRequest>> {
      if (!(await mayList(eventId))) return { items: [], nextCursor: null };
      // Two queries in the organizer's order, each reading no more than the page still needs
      // plus one: the pending ones oldest first, then the decided ones latest first.
      const after = decodePageCursor(cursor);
      const found: Found[] = [];
      const read = async (phase: PageCursor['phase']) => {
        const at = after?.phase === phase ? after.at : null;
        const limit = EVENT_REQUESTS_PAGE_SIZE + 1 - found.length;
        found.push(...foundIn(phase, await storage.query(phaseQuery(eventId, phase, at, limit))));
      };
      if (!after || after.phase === 'pending') await read('pending');
      if (found.length <= EVENT_REQUESTS_PAGE_SIZE) await read('decided');
      return pageOf(found);
    },

    /**
     * The first page of forEvent, delivered now and on every change (a new request, an answer)
     * until unsubscribed: an open request list stays current while later pages are read with
     * forEvent from its cursor. Reads at most a page plus one of each phase. Anyone but the
     * organizer gets one empty page and no listener. Fails: onError. Caller: anyone.
     */
    subscribeForEvent(
      eventId: string,
      onChange: (page: Page<ParticipationRequest>) => void,
      onError: (e: unknown) => void,
    ): () => void {
      const limit = EVENT_REQUESTS_PAGE_SIZE + 1;
      return listenAfter(
        () => mayList(eventId),
        (allowed) => {
          if (!allowed) {
            onChange({ items: [], nextCursor: null });
            return () => {};
          }
          return onQueries(
            storage,
            [
              phaseQuery(eventId, 'pending', null, limit),
              phaseQuery(eventId, 'decided', null, limit),
            ],
            ([pending, decided]) =>
              onChange(pageOf([...foundIn('pending', pending!), ...foundIn('decided', decided!)])),
            onError,
          );
        },
        onError,
      );
    },

    /**
     * How many pending requests the event has (a count, no documents read). Only its signed-in
     * organizer may ask. Refusals: loginRequired, eventNotFound, noProcessPermission. Fails:
     * throws. Caller: the event's organizer.
     */
    async pendingCount(eventId: string): Promise<number> {
      const who = await ctx.session();
      if (!who) throw new DomainError('loginRequired');
      const event = eventId ? await readEvent(storage, eventId) : null;
      if (!event) throw new DomainError('eventNotFound');
      if (event.organizerId !== who.uid) throw new DomainError('noProcessPermission');
      // A count reads no documents; the rules let only the event's organizer run it.
      return storage.count({
        collection: REQUESTS,
        where: [
          { field: 'eventId', op: '==', value: eventId },
          { field: 'status', op: '==', value: 'pending' },
        ],
      });
    },
  };
}

/** Where the organizer's list stopped: the phase, and the storage cursor within its query. */
interface PageCursor {
  phase: 'pending' | 'decided';
  at: string;
}

interface Found {
  request: ParticipationRequest;
  cursor: PageCursor;
}

/** A phase query's requests, each with the cursor that resumes the list after it. */
function foundIn(phase: PageCursor['phase'], docs: QueriedDoc[]): Found[] {
  return docs.flatMap((d) =>
    parseDocs(participationRequestSchema, [d], 'participation.forEvent').map((request) => ({
      request,
      cursor: { phase, at: d.cursor },
    })),
  );
}

/** A page of the organizer's list from the requests found in order (a page plus one, at most). */
function pageOf(found: Found[]): Page<ParticipationRequest> {
  const items = found.slice(0, EVENT_REQUESTS_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items: items.map((f) => f.request),
    nextCursor:
      found.length > items.length && last
        ? encodeCursor([last.cursor.phase, last.cursor.at])
        : null,
  };
}

/** The cursor, or null for one this module did not make (the list then starts over). */
function decodePageCursor(cursor: string | null | undefined): PageCursor | null {
  const v = decodeCursor(cursor, 2, (p) => (typeof p === 'string' ? p : undefined));
  const [phase, at] = v ?? [];
  return (phase === 'pending' || phase === 'decided') && typeof at === 'string'
    ? { phase, at }
    : null;
}
