import type { ApiPort } from '@/data/ports/api';
import type { ParticipationPort } from '@/data/ports/participation';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import {
  participationRequestSchema,
  PLACEHOLDER_EVENT_INFO,
  type ParticipationRequest,
  type PendingRequestWithEvent,
} from '@/domain/entities/participation-request';
import { requesterNameOf } from '@/domain/entities/notification';
import { userProfileSchema } from '@/domain/entities/user';
import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';
import {
  decideApprove,
  decideCancel,
  decideReject,
  decideRequest,
  requestVisibleTo,
} from '@/domain/rules/participation';
import { logger } from '@/lib/logger';
import {
  currentActor,
  currentDisplayName,
  currentUid,
  type LocalActor,
  type LocalContext,
} from './context';
import type { EventRow, LocalDb, RequestRow } from './db';
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
    const { request, event } = await this.process(requestId, async (read, now) => {
      const decision = decideApprove(read);
      // Request, participants and notification change together or not at all.
      await db.participationRequests.update(requestId, { status: 'approved', updatedAt: now });
      await db.events.update(read.event!.id, { participants: decision.participants });
      await putNotification(db, decision.notify, now);
    });
    await this.mail('approval email', async () =>
      approvalEmailPayload({ request, event, recipientEmail: await this.emailOf(request.userId) }),
    );
  }

  async reject(requestId: string): Promise<void> {
    const { db } = this.ctx;
    const { request, event } = await this.process(requestId, async (read, now) => {
      const decision = decideReject(read);
      await db.participationRequests.update(requestId, { status: 'rejected', updatedAt: now });
      await putNotification(db, decision.notify, now);
    });
    await this.mail('rejection email', async () =>
      rejectionEmailPayload({
        request,
        event,
        recipientEmail: await this.emailOf(request.userId),
        organizerName: (await currentDisplayName(this.ctx)).name,
      }),
    );
  }

  /**
   * Reads the request and its event and runs `apply` (the domain's decision and its writes) in
   * one transaction; the decision has thrown unless both exist.
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
  ): Promise<{ request: ParticipationRequest; event: SportEvent }> {
    const { db } = this.ctx;
    const tables = [db.events, db.participationRequests, db.notifications, db.users, db.accounts];
    return db.transaction('rw', tables, async () => {
      const actor = await currentActor(this.ctx);
      const request = await readVisibleRequest(db, actor?.uid ?? null, requestId);
      const event = request ? await readEvent(db, request.eventId) : null;
      await apply({ actor, request, event }, this.ctx.now());
      return { request: request!, event: event! };
    });
  }

  async myPending(): Promise<PendingRequestWithEvent[]> {
    const uid = currentUid(this.ctx);
    if (!uid) return [];
    try {
      return await this.queryPendingMain(uid);
    } catch (e) {
      // SPEC §8: when the main query fails (a missing index on Firestore), fall back to the
      // user's requests without the status filter and show placeholder event info.
      logger.error('participation.myPending: main query failed, using fallback', e);
      return this.queryPendingFallback(uid);
    }
  }

  /** The main pending query, joined with event info. Public so tests can make it fail. */
  async queryPendingMain(uid: string): Promise<PendingRequestWithEvent[]> {
    const { db } = this.ctx;
    const rows = await db.participationRequests
      .where('[userId+status]')
      .equals([uid, 'pending'])
      .toArray();
    const requests = newestFirst(
      parseRows(participationRequestSchema, rows, 'participation.myPending'),
    );
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

  async queryPendingFallback(uid: string): Promise<PendingRequestWithEvent[]> {
    const rows = await this.ctx.db.participationRequests.where('userId').equals(uid).toArray();
    return newestFirst(
      parseRows(participationRequestSchema, rows, 'participation.myPending fallback'),
    )
      .filter((r) => r.status === 'pending')
      .map((r) => ({ ...r, event: { ...PLACEHOLDER_EVENT_INFO } }));
  }

  async myRequestFor(eventId: string): Promise<ParticipationRequest | null> {
    const uid = currentUid(this.ctx);
    if (!uid) return null;
    // After a rejection the user may ask again; the latest request is the one that counts.
    return newestFirst(await this.requestsOf(uid, eventId))[0] ?? null;
  }

  /** The organizer's list: anyone else gets none (as the Firebase rules answer them). */
  async forEvent(eventId: string): Promise<ParticipationRequest[]> {
    const uid = this.ctx.currentUser()?.uid;
    const event = uid ? await this.ctx.db.events.get(eventId) : undefined;
    if (!uid || event?.organizerId !== uid) return [];
    const rows = await this.ctx.db.participationRequests.where('eventId').equals(eventId).toArray();
    const requests = parseRows(participationRequestSchema, rows, 'participation.forEvent');
    // Oldest first: the organizer handles requests in the order they arrived.
    return requests.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  }

  private async requestsOf(uid: string, eventId: string): Promise<ParticipationRequest[]> {
    const rows = await this.ctx.db.participationRequests
      .where('[userId+eventId]')
      .equals([uid, eventId])
      .toArray();
    return parseRows(participationRequestSchema, rows, 'participation.requestsOf');
  }

  /** Everyone's address is readable here, so the mail names its recipient outright. */
  private async emailOf(uid: string): Promise<string> {
    const row = await this.ctx.db.users.get(uid);
    return row ? parseRow(userProfileSchema, row).email : '';
  }

  /** SPEC §7: the email call is logged on failure and never undoes or blocks the action. */
  private async mail(
    context: string,
    payload: () => Promise<Parameters<ApiPort['sendNotificationEmail']>[0]>,
  ) {
    try {
      await this.api.sendNotificationEmail(await payload());
    } catch (e) {
      logger.error(`participation: ${context} failed`, e);
    }
  }
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

/** Within the same millisecond a pending request counts as the newer one (it can only follow). */
function newestFirst(list: ParticipationRequest[]): ParticipationRequest[] {
  const pendingFirst = (r: ParticipationRequest) => (r.status === 'pending' ? 0 : 1);
  return list.sort(
    (a, b) =>
      (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0) ||
      pendingFirst(a) - pendingFirst(b),
  );
}
