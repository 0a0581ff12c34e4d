import {
  Timestamp,
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
  where,
  writeBatch,
  type DocumentData,
  type DocumentSnapshot,
  type QueryConstraint,
  type QuerySnapshot,
  type Transaction,
} from 'firebase/firestore';
import {
  EVENTS_PAGE_SIZE,
  ORGANIZER_SYNC_BATCH,
  PARTICIPATION_HISTORY_LIMIT,
  PROFILE_EVENTS_PAGE_SIZE,
  RECENT_PARTICIPATION_CAP,
} from '@/domain/constants';
import type { Page } from '@/domain/entities/common';
import type { SportEvent } from '@/domain/entities/event';
import { keywordMatcher, searchTokenFor, searchTokensOf } from '@/domain/event-search';
import {
  COUNTED_EVENT_STATUSES,
  participationRecord,
  settledBefore,
} from '@/domain/participation-history';
import {
  decideCreate,
  decideEventUpdate,
  decideStatusChange,
  organizerCopy,
} from '@/domain/rules/events';
import { decideEventTeam } from '@/domain/rules/teams';
import { TEAM_UPCOMING_EVENTS_LIMIT } from '@/domain/entities/team';
import type { ApiPort } from '@/data/ports/api';
import type { EventFilters, EventInput, EventsPort, EventTime } from '@/data/ports/events';
import { promoteOnCapacityChange, promotionMail } from '@/data/use-cases/roster';
import {
  eventConverter,
  eventFieldsWrite,
  parseDay,
  parsedDocs,
  teamConverter,
} from './converters';
import { scanPage } from '@/lib/scan-page';
import { currentActor, currentUid, type FirebaseContext } from './context';
import { firestoreWrites } from './storage';
import { decodeCursor, encodeCursor, type CursorValue } from './cursor';

/**
 * Keyword search (every term in one of the searched texts, folded: src/domain/event-search.ts,
 * the rule the local backend uses too). Firestore matches whole values only, so each event stores
 * its search tokens (searchTokensOf: every character and pair of characters of its folded
 * words; written on every create, edit and organizer rename) and the list adds `searchTokens
 * array-contains` the keyword's token (searchTokenFor) to the query it runs without a keyword;
 * the few events that hold the token but not the whole keyword are dropped on the client. One page reads at most KEYWORD_SCAN_BUDGET documents
 * (about twice the page size): the first batch is a page and one more, the next the rest of the
 * budget. When the budget runs out before the page is full, the page returns what it found and
 * a cursor at the last document examined, so "more" continues where it stopped.
 */
export const KEYWORD_SCAN_BUDGET = 2 * EVENTS_PAGE_SIZE + 1;

function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

function nextDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
}

/** Equality filters, the date window and the order: one query shape, one set of indexes. */
function listConstraints(f: EventFilters, now = new Date()): QueryConstraint[] {
  const c: QueryConstraint[] = [];
  if (f.sportType) c.push(where('sportType', '==', f.sportType));
  if (f.region) c.push(where('region', '==', f.region));
  if (f.level) c.push(where('level', '==', f.level));
  if (f.openOnly) c.push(where('status', '==', 'open'));
  const today = startOfToday(now);
  const from = parseDay(f.from);
  const start = from && from > today ? from : today;
  c.push(where('date', '>=', Timestamp.fromDate(start)));
  const to = parseDay(f.to);
  if (to) c.push(where('date', '<', Timestamp.fromDate(nextDay(to))));
  // Same day: earlier start first (HH:mm strings are zero-padded, so they sort as text).
  c.push(orderBy('date'), orderBy('startTime'), orderBy(documentId()));
  return c;
}

function cursorOf(snap: DocumentSnapshot): CursorValue {
  const date = snap.get('date') as unknown;
  const start = snap.get('startTime') as unknown;
  return {
    t: date instanceof Timestamp ? date.toMillis() : 0,
    s: typeof start === 'string' ? start : '',
    id: snap.id,
  };
}

function afterCursor(c: CursorValue | null): QueryConstraint[] {
  return c ? [startAfter(Timestamp.fromMillis(c.t), c.s ?? '', c.id)] : [];
}

export function createEventsPort(ctx: FirebaseContext, api: ApiPort): EventsPort {
  const events = collection(ctx.db, 'events');
  const eventRef = (id: string) => doc(ctx.db, 'events', id);

  /** The team fields to store, when the input names a team (decideEventTeam). */
  const teamOf = async (
    tx: Transaction,
    uid: string,
    input: Partial<EventInput>,
    current?: SportEvent,
  ): Promise<{ teamId?: string; teamName?: string }> => {
    if (input.teamId === undefined) return {};
    const snap = input.teamId
      ? await tx.get(doc(ctx.db, 'teams', input.teamId).withConverter(teamConverter))
      : null;
    return decideEventTeam({
      uid,
      teamId: input.teamId,
      teamName: input.teamName ?? '',
      team: snap?.exists() ? snap.data() : null,
      current,
    });
  };

  const readEvent = async (tx: Transaction, id: string) => {
    const snap = await tx.get(eventRef(id).withConverter(eventConverter));
    return { snap, event: snap.exists() ? snap.data() : null };
  };

  const listPlain = async (
    filters: EventFilters,
    after: CursorValue | null,
  ): Promise<Page<SportEvent>> => {
    const snap = await getDocs(
      query(
        events,
        ...listConstraints(filters),
        ...afterCursor(after),
        limit(EVENTS_PAGE_SIZE + 1),
      ).withConverter(eventConverter),
    );
    const pageDocs = snap.docs.slice(0, EVENTS_PAGE_SIZE);
    const items = parsedDocs(pageDocs, 'events.list');
    const last = pageDocs.at(-1);
    return {
      items,
      nextCursor: snap.docs.length > EVENTS_PAGE_SIZE && last ? encodeCursor(cursorOf(last)) : null,
    };
  };

  const listByKeyword = async (
    filters: EventFilters,
    token: string,
    after: CursorValue | null,
  ): Promise<Page<SportEvent>> => {
    const { items, next } = await scanPage({
      after,
      read: async (from: CursorValue | null, size) =>
        (
          await getDocs(
            query(
              events,
              where('searchTokens', 'array-contains', token),
              ...listConstraints(filters),
              ...afterCursor(from),
              limit(size),
            ).withConverter(eventConverter),
          )
        ).docs,
      keyOf: cursorOf,
      // Read one at a time (the cursor needs each snapshot); unreadable ones are logged.
      parse: (d) => parsedDocs([d], 'events.list')[0] ?? null,
      matches: keywordMatcher(filters.keyword),
      pageSize: EVENTS_PAGE_SIZE,
      batchSize: EVENTS_PAGE_SIZE + 1,
      maxExamined: KEYWORD_SCAN_BUDGET,
    });
    return { items, nextCursor: next ? encodeCursor(next) : null };
  };

  /** One page of a user's events (organized or taken part in), from today on or before today. */
  const userEventsPage = async (
    context: string,
    who: QueryConstraint,
    when: EventTime,
    cursor: string | null | undefined,
  ): Promise<Page<SportEvent>> => {
    const today = Timestamp.fromDate(startOfToday());
    const dir = when === 'upcoming' ? 'asc' : 'desc';
    const snap = await getDocs(
      query(
        events,
        who,
        when === 'upcoming' ? where('date', '>=', today) : where('date', '<', today),
        orderBy('date', dir),
        orderBy('startTime', dir),
        orderBy(documentId(), dir),
        ...afterCursor(decodeCursor(cursor)),
        limit(PROFILE_EVENTS_PAGE_SIZE + 1),
      ).withConverter(eventConverter),
    );
    const pageDocs = snap.docs.slice(0, PROFILE_EVENTS_PAGE_SIZE);
    const last = pageDocs.at(-1);
    return {
      items: parsedDocs(pageDocs, context),
      nextCursor:
        snap.docs.length > PROFILE_EVENTS_PAGE_SIZE && last ? encodeCursor(cursorOf(last)) : null,
    };
  };

  return {
    async list(filters, cursor) {
      const after = decodeCursor(cursor);
      const token = searchTokenFor(filters.keyword);
      return token ? listByKeyword(filters, token, after) : listPlain(filters, after);
    },

    async get(id) {
      if (!id) return null;
      const snap = await getDoc(eventRef(id).withConverter(eventConverter));
      return snap.exists() ? snap.data() : null;
    },

    async create(input) {
      const actor = await currentActor(ctx);
      const { fields, ...decision } = decideCreate(actor, input, new Date());
      const ref = doc(events);
      await runTransaction(ctx.db, async (tx) => {
        const team = await teamOf(tx, decision.organizerId, fields);
        const organizer = organizerCopy(actor?.profile);
        tx.set(ref, {
          ...eventFieldsWrite(fields),
          searchTokens: searchTokensOf({ ...fields, ...team, ...organizer }),
          ...team,
          ...decision,
          ...organizer,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        } satisfies DocumentData);
      });
      return ref.id;
    },

    async update(id, patch) {
      let promoted: string[] = [];
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const { event } = actor ? await readEvent(tx, id) : { event: null };
        const fields = decideEventUpdate(actor, event, patch, new Date());
        const team = await teamOf(tx, event!.organizerId, fields, event!);
        tx.update(eventRef(id), {
          ...eventFieldsWrite(fields),
          // Always rewritten, so an event stored before tokens existed gains them on its next edit.
          searchTokens: searchTokensOf({ ...event!, ...fields, ...team }),
          ...team,
          updatedAt: serverTimestamp(),
        });
        // Seats a capacity raise adds go to the キャンセル待ち, in this same transaction.
        promoted =
          fields.capacity === undefined
            ? []
            : promoteOnCapacityChange(
                firestoreWrites(ctx.db, tx),
                event!,
                fields.capacity,
                new Date(),
              );
      });
      promotionMail(api, id, promoted);
    },

    async changeStatus(id, status) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        const { event } = actor ? await readEvent(tx, id) : { event: null };
        const next = decideStatusChange(actor, event, status);
        if (next) tx.update(eventRef(id), { status: next, updatedAt: serverTimestamp() });
      });
    },

    byOrganizer(uid, when, cursor) {
      return userEventsPage('events.byOrganizer', where('organizerId', '==', uid), when, cursor);
    },

    byParticipant(uid, when, cursor) {
      const mine = where('participants', 'array-contains', uid);
      return userEventsPage('events.byParticipant', mine, when, cursor);
    },

    async participationRecord(uid) {
      const now = new Date();
      const cutoff = Timestamp.fromDate(settledBefore(now));
      const mine = where('participants', 'array-contains', uid);
      const settled = [
        mine,
        where('status', 'in', [...COUNTED_EVENT_STATUSES]),
        where('date', '<', cutoff),
      ];
      const [count, newest, recent] = await Promise.all([
        getCountFromServer(query(events, ...settled)),
        getDocs(
          query(
            events,
            ...settled,
            orderBy('date', 'desc'),
            orderBy('startTime', 'desc'),
            limit(PARTICIPATION_HISTORY_LIMIT),
          ).withConverter(eventConverter),
        ),
        getDocs(
          query(
            events,
            mine,
            where('date', '>=', cutoff),
            where('date', '<', Timestamp.fromDate(nextDay(now))),
            limit(RECENT_PARTICIPATION_CAP),
          ).withConverter(eventConverter),
        ),
      ]);
      return participationRecord(
        {
          settledCount: count.data().count,
          settledNewest: parsedDocs(newest, 'events.participationRecord'),
          recent: parsedDocs(recent, 'events.participationRecord'),
        },
        uid,
        now,
      );
    },

    async syncOrganizerProfile() {
      const uid = await currentUid(ctx);
      if (!uid) return 0;
      const organizer = organizerCopy((await getDoc(doc(ctx.db, 'users', uid))).data());
      let changed = 0;
      let last: DocumentSnapshot<SportEvent> | null = null;
      for (;;) {
        const snap: QuerySnapshot<SportEvent> = await getDocs(
          query(
            events,
            where('organizerId', '==', uid),
            orderBy(documentId()),
            ...(last ? [startAfter(last)] : []),
            limit(ORGANIZER_SYNC_BATCH),
          ).withConverter(eventConverter),
        );
        const batch = writeBatch(ctx.db);
        let inBatch = 0;
        for (const d of snap.docs) {
          const same =
            d.get('organizerName') === organizer.organizerName &&
            d.get('organizerPhotoURL') === organizer.organizerPhotoURL;
          if (same) continue;
          // The organizer's name is searched: its tokens change with it.
          const [event] = parsedDocs([d], 'events.syncOrganizerProfile');
          batch.update(
            d.ref,
            event
              ? { ...organizer, searchTokens: searchTokensOf({ ...event, ...organizer }) }
              : organizer,
          );
          inBatch += 1;
        }
        if (inBatch > 0) await batch.commit();
        changed += inBatch;
        if (snap.docs.length < ORGANIZER_SYNC_BATCH) return changed;
        last = snap.docs.at(-1)!;
      }
    },

    async byTeam(teamId) {
      if (!teamId) return [];
      const snap = await getDocs(
        query(
          events,
          where('teamId', '==', teamId),
          where('date', '>=', Timestamp.fromDate(startOfToday())),
          orderBy('date'),
          orderBy('startTime'),
          orderBy(documentId()),
          limit(TEAM_UPCOMING_EVENTS_LIMIT),
        ).withConverter(eventConverter),
      );
      return parsedDocs(snap, 'events.byTeam');
    },
  };
}
