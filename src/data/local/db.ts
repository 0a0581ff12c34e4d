import Dexie, { type Table, type Transaction } from 'dexie';
import { searchTokensOf, type KeywordSearchable } from '@/domain/event-search';

/**
 * Rows hold documents in the raw shape Firestore would store (times as Date, optional fields
 * possibly missing), plus the document id. Nothing reads a row without parsing it with the domain
 * schema, so the defaults and fallbacks are the ones the Firebase backend applies.
 */
export interface DocRow {
  id: string;
  [field: string]: unknown;
}

export interface EventRow extends DocRow {
  /** Local midnight of the event day; a Date so the date index orders it. */
  date: Date;
  startTime: string;
  organizerId: string;
  participants: unknown[];
  status: string;
}

export interface ConversationRow extends DocRow {
  participants: string[];
  /**
   * participants[0] and [1], kept by a table hook: IndexedDB cannot index a list inside a
   * compound key, and [p0+lastMessageTime] / [p1+lastMessageTime] let a user's newest
   * conversations be read without reading all of them.
   */
  p0?: string;
  p1?: string;
}

export interface MessageRow extends DocRow {
  conversationId: string;
  senderId: string;
  sentAt: Date;
}

export interface TeamRow extends DocRow {
  createdAt: Date;
  members: string[];
}

export interface FileRow {
  path: string;
  folder: string;
  name: string;
  contentType: string;
  cacheControl: string;
  size: number;
  /** The object itself as a data: URL, which is also its download URL (works in any tab). */
  dataURL: string;
  createdAt: Date;
}

export interface AccountRow {
  uid: string;
  /** Trimmed and lowercased; unique. */
  email: string;
  passwordHash: string;
  salt: string;
  iterations: number;
  emailVerified: boolean;
  displayName: string;
  photoURL: string;
  createdAt: Date;
}

export type ActionCodeOperation = 'verifyEmail' | 'resetPassword';

export interface ActionCodeRow {
  code: string;
  uid: string;
  email: string;
  operation: ActionCodeOperation;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  body: string;
  sentAt: Date;
}

/** The privateDocs id of users/{uid}/private/{name}. */
export function privateDocId(uid: string, name: 'account' | 'profile' | 'settings'): string {
  return `${uid}/${name}`;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const DEFAULT_DB_NAME = 'sports-community-local';

function participantKeys(row: ConversationRow): { p0: string; p1: string } {
  const [p0 = '', p1 = ''] = Array.isArray(row.participants) ? row.participants : [];
  return { p0, p1 };
}

/**
 * A team's index entries for its members' lists: one [uid, createdAt, id] per member, so a
 * member's teams are walked newest first and the walk stops at the cap (byMember). A team
 * without a creation time has none, as Firestore's orderBy leaves such a team out.
 */
function membershipKeys(row: Partial<TeamRow> & { id?: string }): {
  memberships: [string, Date, string][];
} {
  const members = Array.isArray(row.members) ? row.members : [];
  const createdAt = row.createdAt;
  if (!(createdAt instanceof Date) || typeof row.id !== 'string') return { memberships: [] };
  return {
    memberships: members
      .filter((m): m is string => typeof m === 'string')
      .map((m) => [m, createdAt, row.id!]),
  };
}

/**
 * An event's search tokens, kept by table hooks as the Firebase backend writes them on every
 * create and edit (searchTokensOf), so a keyword is looked up the same way in both stores; and
 * one [token, date, startTime, id] entry per token, so a keyword page walks its token's events
 * in the list's order from the cursor and reads no more than it returns, as Firestore's
 * composite index serves it. An event without a date or start time has none (orderBy leaves it
 * out on Firestore too).
 */
function searchKeys(row: Partial<EventRow> & { id?: string }): {
  searchTokens: string[];
  searchOrder: [string, Date, string, string][];
} {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const searchTokens = searchTokensOf({
    title: text(row.title),
    sportType: text(row.sportType),
    location: text(row.location),
    organizerName: text(row.organizerName),
    teamName: text(row.teamName),
    description: text(row.description),
  } as KeywordSearchable);
  const { date, startTime, id } = row;
  const ordered = date instanceof Date && typeof startTime === 'string' && typeof id === 'string';
  return {
    searchTokens,
    searchOrder: ordered ? searchTokens.map((t) => [t, date, startTime, id]) : [],
  };
}

/** The derived fields of every stored row of a table, worked out again (a version's upgrade). */
function deriveAll<R>(tx: Transaction, table: string, derive: (row: R) => object) {
  return tx
    .table<R, string>(table)
    .toCollection()
    .modify((row) => {
      Object.assign(row as object, derive(row));
    });
}

/**
 * Keeps a table's derived fields with every write: on create, and on every update, since the
 * storage adapter replaces a whole row (without its derived fields) and they are derived again.
 */
function keepDerived<R>(table: Table<R, string>, derive: (row: R) => object) {
  table.hook('creating', (_key, row) => {
    Object.assign(row as object, derive(row));
  });
  table.hook('updating', (changes, _key, row) => derive({ ...row, ...changes }));
}

export class LocalDb extends Dexie {
  users!: Table<DocRow, string>;
  events!: Table<EventRow, string>;
  participationRequests!: Table<DocRow, string>;
  notifications!: Table<DocRow, string>;
  conversations!: Table<ConversationRow, string>;
  messages!: Table<MessageRow, string>;
  teams!: Table<TeamRow, string>;
  reports!: Table<DocRow, string>;
  auditLog!: Table<DocRow, string>;
  teamJoinRequests!: Table<DocRow, string>;
  files!: Table<FileRow, string>;
  accounts!: Table<AccountRow, string>;
  actionCodes!: Table<ActionCodeRow, string>;
  outbox!: Table<OutboxRow, string>;
  privateDocs!: Table<DocRow, string>;
  meta!: Table<MetaRow, string>;
  reminders!: Table<DocRow, string>;
  attendance!: Table<DocRow, string>;
  attendanceStats!: Table<DocRow, string>;
  fees!: Table<DocRow, string>;
  checkInTokens!: Table<DocRow, string>;
  checkIns!: Table<DocRow, string>;
  config!: Table<DocRow, string>;
  stats!: Table<DocRow, string>;
  customUserIds!: Table<DocRow, string>;
  follows!: Table<DocRow, string>;
  followerCounts!: Table<DocRow, string>;
  series!: Table<DocRow, string>;
  seriesRegulars!: Table<DocRow, string>;
  attendanceRuns!: Table<DocRow, string>;
  eventBoards!: Table<DocRow, string>;
  teamBoards!: Table<DocRow, string>;
  eventBoardPosts!: Table<DocRow, string>;
  teamBoardPosts!: Table<DocRow, string>;
  boardReads!: Table<DocRow, string>;

  constructor(name: string = DEFAULT_DB_NAME) {
    super(name);
    // Only the versions with an upgrade are declared, each with every table and index change
    // since the one before it: Dexie (3 and later) upgrades from whatever version is installed
    // by comparing its actual schema with the next declared one, and every declaration costs
    // the start of every page (each stores() call parses all declared versions again).
    //
    // Every list query walks an index with a bound, so no screen reads a whole table.
    // [date+startTime+id] gives the event list its total order and an exact resume point; the
    // list's equality filters walk an index of their own, [value+date+startTime+id], so a narrow
    // filter reads its matches instead of scanning every upcoming event. A conversation list
    // walks [p0+lastMessageTime] or [p1+…] (participantKeys).
    this.version(3)
      .stores({
        users: 'id, email',
        events:
          'id, date, organizerId, *participants, status, [date+startTime+id], ' +
          '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id]',
        participationRequests: 'id, userId, eventId, [userId+eventId], [userId+status]',
        notifications: 'id, userId',
        conversations:
          'id, *participants, lastMessageTime, [p0+lastMessageTime], [p1+lastMessageTime]',
        messages: 'id, conversationId, [conversationId+sentAt]',
        teams: 'id, ownerId, [createdAt+id]',
        files: 'path, folder',
        accounts: 'uid, &email',
        actionCodes: 'code, uid, email',
        outbox: 'id, sentAt',
        meta: 'key',
      })
      .upgrade((tx) => deriveAll(tx, 'conversations', participantKeys));
    // The staff area (docs/staff.md): its lists walk [field+id] indexes for a total order and an
    // exact resume point, and the dashboard counts over indexes without reading rows. Profiles:
    // an organizer's events page in date order; the owner-only documents beside a profile
    // (users/{uid}/private/* on Firebase). Teams (docs/teams.md): the list walks [createdAt+id]
    // (or a sport or region prefix of it) newest first; a team's upcoming events walk
    // [teamId+date+startTime+id]; a member's teams, newest first, [uid, createdAt, id] entries
    // (membershipKeys).
    this.version(7)
      .stores({
        users: 'id, email, [createdAt+id], [displayName+id], [customUserId+id]',
        events:
          'id, date, organizerId, *participants, status, [date+startTime+id], ' +
          '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
          '[createdAt+id], [status+date], [organizerId+date+startTime+id], [teamId+date+startTime+id]',
        participationRequests: 'id, userId, eventId, [userId+eventId], [userId+status], status',
        reports: 'id, [status+createdAt+id], subjectUserId, reporterId',
        auditLog: 'id, [createdAt+id]',
        privateDocs: 'id',
        teams:
          'id, ownerId, [createdAt+id], [sportType+createdAt+id], [region+createdAt+id], ' +
          '*members, *memberships',
        teamJoinRequests: 'id, [teamId+userId], [teamId+status]',
      })
      .upgrade((tx) => deriveAll(tx, 'teams', membershipKeys));
    // The use cases' queries (src/data/local/storage.ts walks the index that serves each, as
    // Firestore needs a composite index): an event's requests per status in the organizer's
    // order, and my pending ones newest first; the team list filtered by sport and region
    // together, a user's requests for a team newest first, a team's pending ones oldest first;
    // a user's notifications newest first by the stored time (the live list); a user's open
    // reports (staff's user activity); staff look a keyword up by its search token, as on
    // Firestore (searchKeys). The day-before reminders' sent markers (reminders/{eventId}_{uid};
    // docs/notifications.md). Attendance after an event (docs/profile.md "Attendance"): one
    // event's marks by eventId; a person's counts, and the pointer beside them, by key.
    // Top-level documents the use cases read and write by path, as on Firestore: config/admin
    // (until now a meta row), the staff dashboard's counters (stats/*) and the reservations of
    // public ids (customUserIds/*).
    this.version(15)
      .stores({
        participationRequests:
          'id, userId, eventId, [userId+eventId], [userId+status], status, [eventId+status], ' +
          '[eventId+status+createdAt+id], [eventId+status+updatedAt+id], [userId+status+createdAt+id]',
        teams:
          'id, ownerId, [createdAt+id], [sportType+createdAt+id], [region+createdAt+id], ' +
          '[sportType+region+createdAt+id], *members, *memberships',
        teamJoinRequests:
          'id, [teamId+userId], [teamId+status], [teamId+userId+createdAt+id], ' +
          '[teamId+status+createdAt+id]',
        notifications: 'id, userId, [userId+timestamp]',
        reports: 'id, [status+createdAt+id], subjectUserId, reporterId, [subjectUserId+status]',
        events:
          'id, date, organizerId, *participants, status, [date+startTime+id], ' +
          '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
          '[createdAt+id], [status+date], [organizerId+date+startTime+id], ' +
          '[teamId+date+startTime+id], *searchTokens',
        reminders: 'id',
        attendance: 'id, eventId',
        attendanceStats: 'id',
        config: 'id',
        stats: 'id',
        customUserIds: 'id',
      })
      .upgrade(async (tx) => {
        const meta = tx.table<MetaRow, string>('meta');
        const admin = await meta.get('config/admin');
        if (admin) {
          await tx.table('config').put({ ...(admin.value as object), id: 'admin' });
          await meta.delete('config/admin');
        }
        await deriveAll(tx, 'events', searchKeys);
      });
    // A keyword page in the list's order (searchKeys' searchOrder entries).
    this.version(16)
      .stores({
        events:
          'id, date, organizerId, *participants, status, [date+startTime+id], ' +
          '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
          '[createdAt+id], [status+date], [organizerId+date+startTime+id], ' +
          '[teamId+date+startTime+id], *searchTokens, *searchOrder',
      })
      .upgrade((tx) => deriveAll(tx, 'events', searchKeys));
    // Payment records, check-in tokens and check-ins below an event (docs/fees.md): new tables,
    // nothing to upgrade.
    this.version(17).stores({
      fees: 'id, eventId',
      checkInTokens: 'id, eventId',
      checkIns: 'id, eventId',
    });
    // Following (docs/follows.md): a target's followers in id order (the server's notices), one's
    // own follows newest first; the counts by id; an organizer's and a team's newest events
    // (home's 「フォロー中の新着イベント」).
    this.version(18).stores({
      follows: 'id, [targetKey+id], [followerId+createdAt+id]',
      followerCounts: 'id',
      events:
        'id, date, organizerId, *participants, status, [date+startTime+id], ' +
        '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
        '[createdAt+id], [status+date], [organizerId+date+startTime+id], ' +
        '[teamId+date+startTime+id], *searchTokens, *searchOrder, ' +
        '[organizerId+createdAt+id], [teamId+createdAt+id]',
    });
    // Series (docs/series.md): the generator's due series by nextDate, a series' dates by
    // [seriesId+date+startTime+id] in the list's order. The upgrade derives the events' search
    // entries again, as every version that lists the events table must (its hooks come after).
    this.version(19)
      .stores({
        series: 'id, organizerId, [nextDate+id]',
        events:
          'id, date, organizerId, *participants, status, [date+startTime+id], ' +
          '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
          '[createdAt+id], [status+date], [organizerId+date+startTime+id], ' +
          '[teamId+date+startTime+id], [seriesId+date+startTime+id], *searchTokens, *searchOrder, ' +
          '[organizerId+createdAt+id], [teamId+createdAt+id]',
      })
      .upgrade((tx) => deriveAll(tx, 'events', searchKeys));
    // Event boards and team chat (docs/board.md): a board's summary and each reader's marker by
    // id; its posts newest first ([parent+createdAt+id], the live page and the older pages).
    this.version(20).stores({
      eventBoards: 'id',
      teamBoards: 'id',
      eventBoardPosts: 'id, [eventId+createdAt+id]',
      teamBoardPosts: 'id, [teamId+createdAt+id]',
      boardReads: 'id',
    });
    // A series' regulars (docs/series.md "Regulars"), first joined first: a new table.
    this.version(21).stores({
      seriesRegulars: 'id, seriesId, [seriesId+joinedAt+id]',
    });
    // The minimum headcount (docs/domain.md "Minimum headcount"): the decision's due events by
    // [headcountDecideAt+id], which a decided event leaves (the field goes with the decision).
    this.version(22)
      .stores({
        events:
          'id, date, organizerId, *participants, status, [date+startTime+id], ' +
          '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
          '[createdAt+id], [status+date], [organizerId+date+startTime+id], ' +
          '[teamId+date+startTime+id], [seriesId+date+startTime+id], *searchTokens, *searchOrder, ' +
          '[organizerId+createdAt+id], [teamId+createdAt+id], [headcountDecideAt+id]',
      })
      .upgrade((tx) => deriveAll(tx, 'events', searchKeys));
    // Automatic 出席's finished runs (docs/fees.md): a new table, nothing to upgrade.
    this.version(23).stores({ attendanceRuns: 'id' });
    // The scheduled run's retry of regulars' placement reads every series' accepted regulars
    // (Firestore's collection group on status) by [status+id]: a new index, nothing to upgrade.
    this.version(25).stores({
      seriesRegulars: 'id, seriesId, [seriesId+joinedAt+id], [status+id]',
    });
    // Table hooks after the last version: declaring a version makes the tables anew.
    keepDerived(this.conversations, participantKeys);
    keepDerived(this.events, searchKeys);
    keepDerived(this.teams, membershipKeys);
  }

  /** Every table, for wiping the demo data in one transaction. */
  allTables(): Table[] {
    return this.tables;
  }
}
