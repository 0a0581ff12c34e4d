import type { ApiPort } from '@/data/ports/api';
import type { ParticipationPort } from '@/data/ports/participation';
import {
  EVENT_REQUESTS_PAGE_SIZE,
  MY_PENDING_FALLBACK_LIMIT,
  MY_PENDING_LIMIT,
  MY_REQUESTS_PER_EVENT_LIMIT,
} from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import {
  participationRequestSchema,
  PLACEHOLDER_EVENT_INFO,
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
  compareOrganizerOrder,
  inOrganizerOrder,
  mayListEventRequests,
  newestFirst,
  organizerOrderKey,
  type OrganizerOrderKey,
  pendingFromFallback,
  requestThatCounts,
  requestVisibleTo,
} from '@/domain/rules/participation';
import { DomainError } from '@/domain/errors';
import { logger } from '@/lib/logger';
import { runSideEffect } from '@/lib/side-effects';
import { currentActor, currentUid, type LocalActor, type LocalContext } from './context';
import type { EventRow, LocalDb, RequestRow } from './db';
import { decodeKeyCursor, encodeKeyCursor } from './key-cursor';
import { putNotification } from './local-notifications';
import { parseRow, parseRows } from './rows';

export class LocalParticipation implements ParticipationPort {
  private readonly ctx: LocalContext;
  /** Held as the object, not its methods, so a test can replace a method with a spy. */
  private readonly api: ApiPort;

  constructor(ctx: LocalContext, api: ApiPort) {
    this.ctx = ctx;
    this.api = api;
  }

  async request(eventId: string, message: string): Promise<string> {
    const { db } = this.ctx;
    const tables = [db.events, db.participationRequests, db.notifications, db.users, db.accounts];
    return db.transaction('rw', tables, async () => {
      const actor = await currentActor(this.ctx);
      const decision = decideRequest({
        actor,
        event: await readEvent(db, eventId),
        myRequests: actor ? await this.requestsOf(actor.uid, eventId) : [],
        requesterName: requesterNameOf(actor?.profile ?? null),
        message,
      });
      const now = this.ctx.now();
      // A new request, or my rejected one asked again: either way it starts over from now.
      await db.participationRequests.put({
        id: decision.id,
        ...decision.request,
        createdAt: now,
        updatedAt: now,
      });
      await putNotification(db, decision.notify, now);
      return decision.id;
    });
  }

  async cancel(requestId: string): Promise<void> {
    const { db } = this.ctx;
    const tables = [db.participationRequests, db.events, db.users, db.accounts];
    await db.transaction('rw', tables, async () => {
      const actor = await currentActor(this.ctx);
      decideCancel(actor, await readVisibleRequest(db, actor?.uid ?? null, requestId));
      await db.participationRequests.delete(requestId);
    });
  }

  async approve(requestId: string): Promise<void> {
    const { db } = this.ctx;
    const request = await this.process(requestId, async (read, now) => {
      const decision = decideApprove(read);
      // Request, participants and notification change together or not at all.
      await db.participationRequests.update(requestId, { status: 'approved', updatedAt: now });
      await db.events.update(read.event!.id, { participants: decision.participants });
      await putNotification(db, decision.notify, now);
    });
    void runSideEffect('participation.approve: mail', () =>
      this.api.sendNotificationEmail(approvalEmailPayload(request)),
    );
  }

  async reject(requestId: string): Promise<void> {
    const { db } = this.ctx;
    const request = await this.process(requestId, async (read, now) => {
      const decision = decideReject(read);
      await db.participationRequests.update(requestId, { status: 'rejected', updatedAt: now });
      await putNotification(db, decision.notify, now);
    });
    void runSideEffect('participation.reject: mail', () =>
      this.api.sendNotificationEmail(rejectionEmailPayload(request)),
    );
  }

  /**
   * Reads the request and its event and runs `apply` (the domain's decision and its writes) in
   * one transaction; the decision has thrown unless both exist. Resolves with the request.
   */
  private async process(
    requestId: string,
    apply: (
      read: {
        actor: LocalActor | null;
        request: ParticipationRequest | null;
        event: SportEvent | null;
      },
      now: Date,
    ) => Promise<void>,
  ): Promise<ParticipationRequest> {
    const { db } = this.ctx;
    const tables = [db.events, db.participationRequests, db.notifications, db.users, db.accounts];
    return db.transaction('rw', tables, async () => {
      const actor = await currentActor(this.ctx);
      const request = await readVisibleRequest(db, actor?.uid ?? null, requestId);
      const event = request ? await readEvent(db, request.eventId) : null;
      await apply({ actor, request, event }, this.ctx.now());
      return request!;
    });
  }

  async myPending(): Promise<PendingRequestWithEvent[]> {
    const uid = currentUid(this.ctx);
    if (!uid) return [];
    try {
      return await this.pendingWithEvents(uid);
    } catch (e) {
      logger.error('participation.myPending: using the fallback', e);
    }
    const rows = await this.ctx.db.participationRequests
      .where('userId')
      .equals(uid)
      .limit(MY_PENDING_FALLBACK_LIMIT)
      .toArray();
    return pendingFromFallback(
      parseRows(participationRequestSchema, rows, 'participation.myPending.fallback'),
    );
  }

  /** The main pending list: the [userId+status] index and the event info joined. */
  private async pendingWithEvents(uid: string): Promise<PendingRequestWithEvent[]> {
    const { db } = this.ctx;
    const rows = await db.participationRequests
      .where('[userId+status]')
      .equals([uid, 'pending'])
      .toArray();
    const requests = newestFirst(
      parseRows(participationRequestSchema, rows, 'participation.myPending'),
    ).slice(0, MY_PENDING_LIMIT);
    const eventRows = await db.events.bulkGet([...new Set(requests.map((r) => r.eventId))]);
    const events = new Map<string, SportEvent>();
    for (const row of eventRows) if (row) events.set(row.id, parseRow(sportEventSchema, row));
    return requests.map((r) => {
      const e = events.get(r.eventId);
      return {
        ...r,
        event: e
          ? { title: e.title, date: e.date, location: e.location }
          : { ...PLACEHOLDER_EVENT_INFO },
      };
    });
  }

  async myRequestFor(eventId: string): Promise<ParticipationRequest | null> {
    const uid = currentUid(this.ctx);
    if (!uid) return null;
    return requestThatCounts(await this.requestsOf(uid, eventId));
  }

  /**
   * The event's requests are read by its index and sorted here (an event has a few hundred at
   * most); the cursor is the organizer-order key of the last one shown.
   */
  async forEvent(eventId: string, cursor?: string | null): Promise<Page<ParticipationRequest>> {
    const uid = currentUid(this.ctx);
    const none = { items: [], nextCursor: null };
    if (!uid || !eventId) return none;
    const { db } = this.ctx;
    if (!mayListEventRequests(uid, await readEvent(db, eventId))) return none;
    const rows = await db.participationRequests.where('eventId').equals(eventId).toArray();
    const after = decodeOrderCursor(cursor);
    const rest = inOrganizerOrder(
      parseRows(participationRequestSchema, rows, 'participation.forEvent'),
    ).filter((r) => !after || compareOrganizerOrder(organizerOrderKey(r), after) > 0);
    const items = rest.slice(0, EVENT_REQUESTS_PAGE_SIZE);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        rest.length > items.length && last ? encodeOrderCursor(organizerOrderKey(last)) : null,
    };
  }

  async pendingCount(eventId: string): Promise<number> {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('loginRequired');
    const event = await readEvent(this.ctx.db, eventId);
    if (!event) throw new DomainError('eventNotFound');
    if (event.organizerId !== uid) throw new DomainError('noProcessPermission');
    return this.ctx.db.participationRequests
      .where('eventId')
      .equals(eventId)
      .filter((r) => r.status === 'pending')
      .count();
  }

  private async requestsOf(uid: string, eventId: string): Promise<ParticipationRequest[]> {
    const rows = await this.ctx.db.participationRequests
      .where('[userId+eventId]')
      .equals([uid, eventId])
      .limit(MY_REQUESTS_PER_EVENT_LIMIT)
      .toArray();
    return parseRows(participationRequestSchema, rows, 'participation.requestsOf');
  }

  /** Everyone's address is readable here, so the mail names its recipient outright. */
}

async function readEvent(db: LocalDb, id: string): Promise<SportEvent | null> {
  const row: EventRow | undefined = await db.events.get(id);
  return row ? parseRow(sportEventSchema, row) : null;
}

/** A request as this reader may see it (requestVisibleTo): to a stranger it does not exist. */
async function readVisibleRequest(
  db: LocalDb,
  uid: string | null,
  id: string,
): Promise<ParticipationRequest | null> {
  const row: RequestRow | undefined = uid ? await db.participationRequests.get(id) : undefined;
  const request = row ? parseRow(participationRequestSchema, row) : null;
  const event = request ? await db.events.get(request.eventId) : undefined;
  return requestVisibleTo(
    uid,
    request,
    typeof event?.organizerId === 'string' ? event.organizerId : null,
  );
}

function encodeOrderCursor(key: OrganizerOrderKey): string {
  return encodeKeyCursor([key.phase, key.at, key.id]);
}

/** The key, or null for an unreadable cursor (the list then starts over). */
function decodeOrderCursor(cursor: string | null | undefined): OrganizerOrderKey | null {
  const key = decodeKeyCursor(cursor, 3);
  if (!key) return null;
  const [phase, at, id] = key;
  return (phase === 'pending' || phase === 'decided') &&
    typeof at === 'number' &&
    typeof id === 'string'
    ? { phase, at, id }
    : null;
}
