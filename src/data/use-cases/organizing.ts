import type { ApiPort } from '@/data/ports/api';
import type { EventInput } from '@/data/ports/events';
import {
  fieldOp,
  MAX_WRITES_PER_COMMIT,
  autoId,
  type DocData,
  type Transaction,
  type Writes,
} from '@/data/storage/storage';
import { ORGANIZER_SYNC_BATCH } from '@/domain/constants';
import { sportEventSchema, type EventStatus, type SportEvent } from '@/domain/entities/event';
import type { NotificationWrite } from '@/domain/entities/notification';
import { teamSchema } from '@/domain/entities/team';
import { searchTokensOf } from '@/domain/event-search';
import {
  CANCEL_NOTICE_REQUESTERS_LIMIT,
  decideCancelNotices,
  decideChangeNotices,
  lastChangeSeq,
  sameSchedule,
  scheduleOf,
  type EventSchedule,
} from '@/domain/rules/event-changes';
import {
  decideCreate,
  decideEventUpdate,
  decideStatusChange,
  organizerCopy,
} from '@/domain/rules/events';
import type { FollowTarget } from '@/domain/rules/follow-notices';
import {
  decideHoldAnyway,
  decideMinHeadcount,
  type MinHeadcountInput,
} from '@/domain/rules/headcount';
import { decideEventTeam } from '@/domain/rules/teams';
import { movedDecideAt } from '@/domain/headcount';
import { runSideEffect } from '@/lib/side-effects';
import {
  actorTransaction,
  parseDoc,
  parseDocs,
  readActor,
  eventPath,
  readEvent,
  writeNotification,
  writeNotificationBatches,
  type UseCaseContext,
} from './context';
import { hasFollowers } from './follower-count';
import { LIST_ORDER } from './list-queries';
import { promoteOnCapacityChange, promotionMail } from './roster';

/** Requesters' cancellation notices per commit: the rules read each one's request. */
const REQUESTER_NOTICES_PER_BATCH = 10;

/**
 * Organizing events, written once for both backends: creating, editing, changing the status and
 * copying the organizer's profile onto their events, with the notices a change of schedule or a
 * cancellation writes in the same commit and the one mail call that follows
 * (docs/notifications.md "Change notices"). Reading events is the events port (./events.ts). The
 * refusals are the domain's (src/domain/rules/events.ts); the writes have the shapes
 * firestore.rules accept. Each method's statements follow the convention in
 * src/data/ports/backend.ts.
 */
export function organizingUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;

  /** The team fields to store, when the input names a team (decideEventTeam). */
  const teamOf = async (
    tx: Transaction,
    uid: string,
    input: Partial<EventInput>,
    current?: SportEvent,
  ): Promise<{ teamId?: string; teamName?: string }> => {
    if (input.teamId === undefined) return {};
    const team = input.teamId ? parseDoc(teamSchema, await tx.get(`teams/${input.teamId}`)) : null;
    // Only the two team fields: the decision may hand back the whole current event.
    const { teamId, teamName } = decideEventTeam({
      uid,
      teamId: input.teamId,
      teamName: input.teamName ?? '',
      team,
      current,
    });
    return { teamId, teamName };
  };

  /**
   * The notices of one change, the first MAX_WRITES_PER_COMMIT - 1 in the change's own commit;
   * the rest (a large event: capacity goes up to 1000) in batches after it, which the rules
   * accept because each notice matches what the event stores after the change.
   */
  const writeNotices = (tx: Writes, notices: NotificationWrite[]): NotificationWrite[] => {
    const now = ctx.now();
    const first = notices.slice(0, MAX_WRITES_PER_COMMIT - 1);
    for (const n of first) writeNotification(tx, n, now);
    return notices.slice(first.length);
  };

  /** The minimum headcount set, changed or (null) removed, with its decision time (decideMinHeadcount). */
  const writeMinHeadcount = (id: string, input: MinHeadcountInput | null) =>
    actorTransaction(ctx, async (tx, actor) => {
      const event = actor && id ? await readEvent(tx, id) : null;
      const decided = decideMinHeadcount(actor, event, input, ctx.now());
      tx.update(eventPath(id), {
        minHeadcount: decided ? decided.minHeadcount : fieldOp.deleteField(),
        headcountDecideAt: decided ? decided.headcountDecideAt : fieldOp.deleteField(),
        updatedAt: fieldOp.serverTime(),
      });
    });

  /** The pending requesters of an event (a cancellation tells them too). */
  const pendingRequesters = async (eventId: string): Promise<string[]> => {
    const docs = await storage.query({
      collection: 'participationRequests',
      where: [
        { field: 'eventId', op: '==', value: eventId },
        { field: 'status', op: '==', value: 'pending' },
      ],
      limit: CANCEL_NOTICE_REQUESTERS_LIMIT,
    });
    return docs.map((d) => d.data.userId).filter((u): u is string => typeof u === 'string');
  };

  return {
    /**
     * Creates an open event organized by the caller (with their name and photo denormalized) and
     * returns its id. Refusals: authCreateEvents (signed out), invalidEventInput (what the form
     * refuses), eventStartInPast (a day and start time before now). Fails: throws. Caller: a
     * signed-in user.
     */
    async create(input: EventInput): Promise<string> {
      const id = autoId();
      const targets: FollowTarget[] = [];
      await actorTransaction(ctx, async (tx, actor) => {
        const { fields, ...decision } = decideCreate(actor, input, ctx.now());
        const team = await teamOf(tx, decision.organizerId, fields);
        const organizer = organizerCopy(actor?.profile);
        targets.length = 0;
        targets.push({ kind: 'user', id: decision.organizerId });
        if (team.teamId) targets.push({ kind: 'team', id: team.teamId });
        tx.set(eventPath(id), {
          ...storedFields(fields),
          searchTokens: searchTokensOf({ ...fields, ...team, ...organizer }),
          ...team,
          ...decision,
          ...organizer,
          createdAt: fieldOp.serverTime(),
          updatedAt: fieldOp.serverTime(),
        });
      });
      // The followers of the organizer and the team hear of it from the server (docs/follows.md);
      // the public counts say whether there is anyone to tell, so most events cost no call.
      void runSideEffect('events.create: follower notices', async () => {
        if (await hasFollowers(storage, targets)) {
          await api.sendNotificationEmail({ type: 'event_published', eventId: id });
        }
      });
      return id;
    },

    /**
     * Changes the given fields; a day or start time given as stored is left alone, so an event that
     * has begun or is over can still be edited. Refusals: updateEventLogin (signed out),
     * eventNotFound (missing), noEditPermission (not the organizer), capacityBelowParticipants,
     * eventStartInPast (a start moved before now). A move of the day or the start takes a
     * relative decision time of the minimum headcount (前日 18:00, 当日 開始3時間前) along, in a
     * write of its own after the edit (the headcount rules' block checks it); one that would
     * fall in the past by then stays as it was, and a set time (日時を指定) always does.
     * Fails: throws. Caller: the organizer.
     */
    async update(id: string, patch: Partial<EventInput>): Promise<void> {
      let promoted: string[] = [];
      const outcome = await actorTransaction(ctx, async (tx, actor) => {
        const stored = actor && id ? await tx.get(eventPath(id)) : null;
        const event = parseDoc(sportEventSchema, stored);
        const fields = decideEventUpdate(actor, event, patch, ctx.now());
        const team = await teamOf(tx, event!.organizerId, fields, event!);
        const changes = storedFields(fields);
        const before = scheduleOf(event!);
        const after: EventSchedule = {
          date: (changes.date as Date | undefined) ?? before.date,
          startTime: fields.startTime ?? before.startTime,
          endTime: fields.endTime ?? before.endTime,
          location: fields.location ?? before.location,
        };
        const write: DocData = {
          ...changes,
          // Always rewritten, so an event stored before tokens existed gains them on its next edit.
          searchTokens: searchTokensOf({ ...event!, ...fields, ...team }),
          ...team,
          updatedAt: fieldOp.serverTime(),
        };
        const moved = !sameSchedule(before, after);
        // The schedule moved: the change record, and the participants' notices beside it.
        const seq = lastChangeSeq(stored?.data) + 1;
        tx.update(
          eventPath(id),
          moved ? { ...write, lastChange: { seq, before, at: fieldOp.serverTime() } } : write,
        );
        // Seats a capacity raise adds go to the キャンセル待ち, in this same transaction.
        if (fields.capacity !== undefined) {
          promoted = promoteOnCapacityChange(tx, event!, fields.capacity, ctx.now());
        }
        if (!moved) return null;
        const decideAt = movedDecideAt(event!, after.date, after.startTime);
        const headcount =
          decideAt && decideAt.getTime() > ctx.now().getTime() ? event!.minHeadcount : null;
        const notices = decideChangeNotices(
          { ...event!, title: fields.title ?? event!.title },
          after,
          seq,
        );
        return { seq, notified: notices.length > 0, rest: writeNotices(tx, notices), headcount };
      });
      promotionMail(api, id, promoted);
      if (!outcome) return;
      const { headcount } = outcome;
      if (headcount) {
        // Awaited, so the page read after the edit shows the new decision time.
        await runSideEffect('events.update: the decision time moved', () =>
          writeMinHeadcount(id, headcount),
        );
      }
      await writeNotificationBatches(ctx, outcome.rest);
      if (outcome.notified) {
        void runSideEffect('events.update: change mail', () =>
          api.sendNotificationEmail({ type: 'event_changed', eventId: id, seq: outcome.seq }),
        );
      }
    },

    /**
     * Moves the status along STATUS_TRANSITIONS; the same status again is no change. Refusals:
     * updateEventLogin, eventNotFound, noStatusPermission, invalidStatusChange. Fails: throws.
     * Caller: the organizer.
     */
    async changeStatus(id: string, status: EventStatus): Promise<void> {
      const who = await ctx.session();
      // A transaction cannot query: the pending requesters are found first.
      const requesters = who && id && status === 'cancelled' ? await pendingRequesters(id) : [];
      const outcome = await storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        const event = actor ? await readEvent(tx, id) : null;
        const next = decideStatusChange(actor, event, status, ctx.now());
        if (!next) return null;
        tx.update(eventPath(id), { status: next, updatedAt: fieldOp.serverTime() });
        if (next !== 'cancelled') return null;
        const notices = decideCancelNotices(event!, requesters);
        // The participants' notices ride with the cancellation. The rules read one request per
        // requester's notice, and a commit may make only 20 such reads: theirs follow in small
        // batches (the event is cancelled by then, which is what the rules check).
        const joined = new Set(event!.participants);
        const toRequesters = notices.filter((n) => !joined.has(n.userId));
        const rest = writeNotices(
          tx,
          notices.filter((n) => joined.has(n.userId)),
        );
        return { notified: notices.length > 0, rest, toRequesters };
      });
      if (!outcome) return;
      await writeNotificationBatches(ctx, outcome.rest);
      await writeNotificationBatches(ctx, outcome.toRequesters, REQUESTER_NOTICES_PER_BATCH);
      if (outcome.notified) {
        void runSideEffect('events.changeStatus: cancellation mail', () =>
          api.sendNotificationEmail({ type: 'event_cancelled', eventId: id }),
        );
      }
    },

    /**
     * Sets, changes or (with null) removes the event's minimum headcount (docs/domain.md
     * "Minimum headcount"): the setting and its decision time, which the server's decision reads.
     * Refusals: updateEventLogin, eventNotFound, noEditPermission, eventFrozenByStaff,
     * eventAlreadyOver, headcountAlreadyDecided, and the setting's own (headcountMinInvalid,
     * headcountAboveCapacity, headcountDecideAtMissing, headcountDecideAfterStart,
     * headcountDecideAtPast). Fails: throws. Caller: the organizer.
     */
    async setMinHeadcount(id: string, input: MinHeadcountInput | null): Promise<void> {
      await writeMinHeadcount(id, input);
    },

    /**
     * 「開催する」 after the server asked its organizer (主催者に確認, too few in): records the
     * decision as held. Refusals: updateEventLogin, eventNotFound, noEditPermission,
     * eventFrozenByStaff, eventAlreadyOver, headcountNotAsked. Fails: throws. Caller: the
     * organizer. 「中止する」 is changeStatus(id, 'cancelled').
     */
    async holdAnyway(id: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const event = actor && id ? await readEvent(tx, id) : null;
        const decision = decideHoldAnyway(actor, event, ctx.now());
        tx.update(eventPath(id), {
          headcountDecision: { ...decision, at: fieldOp.serverTime() },
          updatedAt: fieldOp.serverTime(),
        });
      });
    },

    /**
     * Copies the caller's current display name and photo from their profile onto every event they
     * organize whose copy differs (organizerName, organizerPhotoURL), ORGANIZER_SYNC_BATCH events a
     * write, and resolves how many changed. Signed out: 0. Fails: throws; batches written before
     * the failure stay, and calling again finishes the rest. Caller: an organizer.
     */
    async syncOrganizerProfile(): Promise<number> {
      const who = await ctx.session();
      if (!who) return 0;
      const organizer = organizerCopy((await storage.get(`users/${who.uid}`))?.data);
      let changed = 0;
      let after: string | null = null;
      for (;;) {
        const docs = await storage.query({
          collection: 'events',
          where: [{ field: 'organizerId', op: '==', value: who.uid }],
          orderBy: LIST_ORDER,
          after,
          limit: ORGANIZER_SYNC_BATCH,
        });
        const stale = docs.filter(
          (d) =>
            d.data.organizerName !== organizer.organizerName ||
            d.data.organizerPhotoURL !== organizer.organizerPhotoURL,
        );
        if (stale.length > 0) {
          await storage.batch((w) => {
            for (const d of stale) {
              // The organizer's name is searched: its tokens change with it.
              const [event] = parseDocs(sportEventSchema, [d], 'events.syncOrganizerProfile');
              w.update(
                d.path,
                event
                  ? { ...organizer, searchTokens: searchTokensOf({ ...event, ...organizer }) }
                  : organizer,
              );
            }
          });
        }
        changed += stale.length;
        if (docs.length < ORGANIZER_SYNC_BATCH) return changed;
        after = docs.at(-1)!.cursor;
      }
    },
  };
}

const INPUT_KEYS = [
  'title',
  'description',
  'sportType',
  'location',
  'region',
  'level',
  'date',
  'startTime',
  'endTime',
  'fee',
  'capacity',
  'entryMethod',
  'imageURL',
  'imagePath',
] as const satisfies readonly (keyof EventInput)[];

/**
 * The stored form of event fields: only the input's own keys, the day (yyyy-MM-dd) as local
 * midnight. The team is decided apart (decideEventTeam) and never written from the input.
 */
function storedFields(input: Partial<EventInput>): DocData {
  const out: DocData = {};
  for (const key of INPUT_KEYS) {
    const v = input[key];
    if (v === undefined) continue;
    if (key === 'date') {
      const [y, m, d] = String(v).split('-').map(Number);
      out.date = new Date(y!, m! - 1, d!);
    } else {
      out[key] = v;
    }
  }
  return out;
}
