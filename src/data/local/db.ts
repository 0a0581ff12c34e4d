import Dexie, { type Table } from 'dexie';

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

export interface RequestRow extends DocRow {
  userId: string;
  eventId: string;
  status: string;
}

export interface NotificationRow extends DocRow {
  userId: string;
}

export interface ConversationRow extends DocRow {
  participants: string[];
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

export interface TeamJoinRequestRow extends DocRow {
  teamId: string;
  userId: string;
  status: string;
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

export interface MetaRow {
  key: string;
  value: unknown;
}

export const DEFAULT_DB_NAME = 'sports-community-local';

export class LocalDb extends Dexie {
  users!: Table<DocRow, string>;
  events!: Table<EventRow, string>;
  participationRequests!: Table<RequestRow, string>;
  notifications!: Table<NotificationRow, string>;
  conversations!: Table<ConversationRow, string>;
  messages!: Table<MessageRow, string>;
  teams!: Table<TeamRow, string>;
  teamJoinRequests!: Table<TeamJoinRequestRow, string>;
  files!: Table<FileRow, string>;
  accounts!: Table<AccountRow, string>;
  actionCodes!: Table<ActionCodeRow, string>;
  outbox!: Table<OutboxRow, string>;
  meta!: Table<MetaRow, string>;

  constructor(name: string = DEFAULT_DB_NAME) {
    super(name);
    // Every list query walks an index with a bound, so no screen reads a whole table.
    // [date+startTime+id] gives the event list its total order and an exact resume point.
    this.version(1).stores({
      users: 'id, email',
      events: 'id, date, organizerId, *participants, status, [date+startTime+id]',
      participationRequests: 'id, userId, eventId, [userId+eventId], [userId+status]',
      notifications: 'id, userId',
      conversations: 'id, *participants, lastMessageTime',
      messages: 'id, conversationId, [conversationId+sentAt]',
      teams: 'id, ownerId, [createdAt+id]',
      files: 'path, folder',
      accounts: 'uid, &email',
      actionCodes: 'code, uid, email',
      outbox: 'id, sentAt',
      meta: 'key',
    });
    // The list's equality filters walk an index of their own, [value+date+startTime+id], so a
    // narrow filter reads its matches instead of scanning every upcoming event.
    this.version(2).stores({
      events:
        'id, date, organizerId, *participants, status, [date+startTime+id], ' +
        '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id]',
    });
    // Teams: the list walks [createdAt+id] (or a sport or region prefix of it) newest first;
    // *members finds a user's teams; a team's upcoming events walk [teamId+date+startTime+id].
    this.version(3).stores({
      events:
        'id, date, organizerId, *participants, status, [date+startTime+id], ' +
        '[sportType+date+startTime+id], [region+date+startTime+id], [level+date+startTime+id], ' +
        '[teamId+date+startTime+id]',
      teams:
        'id, ownerId, [createdAt+id], [sportType+createdAt+id], [region+createdAt+id], *members',
      teamJoinRequests: 'id, [teamId+userId], [teamId+status]',
    });
  }

  /** Every table, for wiping the demo data in one transaction. */
  allTables(): Table[] {
    return [
      this.users,
      this.events,
      this.participationRequests,
      this.notifications,
      this.conversations,
      this.messages,
      this.teams,
      this.teamJoinRequests,
      this.files,
      this.accounts,
      this.actionCodes,
      this.outbox,
      this.meta,
    ] as unknown as Table[];
  }
}
