import * as z from 'zod/mini';
import type { DocData, QueriedDoc, Query, StoredDoc, Transaction } from '@/data/storage/storage';
import { fieldOp, MAX_WRITES_PER_COMMIT, type Writes } from '@/data/storage/storage';
import type { Page } from '@/domain/entities/common';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import type { NotificationWrite } from '@/domain/entities/notification';
import { BackendError, failureCode } from '@/domain/errors';
import { isSuspended, type Actor } from '@/domain/rules/standing';
import { logger } from '@/lib/logger';
import type { Storage } from '@/data/storage/storage';

/** The signed-in user as the auth service knows them (the backend's own port supplies it). */
export interface SignedIn {
  uid: string;
  emailVerified: boolean;
  /** The auth service's address ('' when it has none): the set-up account is known by it. */
  email?: string;
}

/** What every use case runs on: the documents, who is signed in, and the client's clock. */
export interface UseCaseContext {
  storage: Storage;
  /**
   * Who is signed in, or null. Read before a transaction starts: finding out may wait on the
   * auth service, which a local (IndexedDB) transaction cannot outlive.
   */
  session: () => Promise<SignedIn | null>;
  /** The client's clock (a notification's clientTimestamp; the store's own time is serverTime). */
  now: () => Date;
}

/** The acting user with the profile their standing was read from (null when it does not exist). */
export interface UseCaseActor extends Actor {
  profile: DocData | null;
}

/**
 * Who is writing (src/domain/rules/standing.ts): the session's verified flag and the standing on
 * their users document, read inside the transaction, so a suspension that lands meanwhile makes
 * it retry (Firestore) or waits for it (IndexedDB) and refuses. Null when signed out.
 */
export async function readActor(
  tx: Pick<Transaction, 'get'>,
  who: SignedIn | null,
): Promise<UseCaseActor | null> {
  if (!who) return null;
  const profile = (await tx.get(`users/${who.uid}`))?.data ?? null;
  return {
    uid: who.uid,
    emailVerified: who.emailVerified,
    suspended: isSuspended({ isActive: profile?.isActive as boolean | undefined }),
    profile,
  };
}

/**
 * Runs `fn` in one transaction with the acting user read first inside it (readActor). The
 * session is read before the transaction starts, as UseCaseContext.session requires.
 */
export async function actorTransaction<T>(
  ctx: UseCaseContext,
  fn: (tx: Transaction, actor: UseCaseActor | null) => Promise<T>,
): Promise<T> {
  const who = await ctx.session();
  return ctx.storage.transaction(async (tx) => fn(tx, await readActor(tx, who)));
}

/** What the security rules answer to a read or write that is not the caller's. */
export const refused = () => new BackendError('permission-denied');

/** Refuses, as the rules do, a listener on someone else's documents (or a signed-out one). */
export async function assertSignedInAs(ctx: UseCaseContext, uid: string): Promise<void> {
  if (!uid || (await ctx.session())?.uid !== uid) throw refused();
}

/**
 * A live listener that starts once `check` passes, with what the check read; a refusal goes to
 * `onError` instead. The check runs before the store's listener, as the security rules do before
 * Firestore's.
 */
export function listenAfter<T>(
  check: () => Promise<T>,
  listen: (checked: T) => () => void,
  onError: (e: unknown) => void,
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  check().then(
    (checked) => {
      if (!stopped) stop = listen(checked);
    },
    (e: unknown) => {
      if (!stopped) onError(e);
    },
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * A query listener on the signed-in user's own documents: anyone else, or a visitor, gets
 * 'permission-denied' through `onError` before the store's listener starts, as the rules refuse
 * it.
 */
export function onOwnQuery(
  ctx: UseCaseContext,
  uid: string,
  query: () => Query,
  next: (docs: QueriedDoc[]) => void,
  onError: (e: unknown) => void,
): () => void {
  return listenAfter(
    () => assertSignedInAs(ctx, uid),
    () => ctx.storage.onQuery(query(), next, onError),
    onError,
  );
}

/**
 * Several queries listened to as one: their answers together, once each has answered and again
 * on every change of any; the first failure goes to `onError` (once).
 */
export function onQueries(
  storage: Storage,
  queries: readonly Query[],
  next: (answers: QueriedDoc[][]) => void,
  onError: (e: unknown) => void,
): () => void {
  const answers: (QueriedDoc[] | undefined)[] = queries.map(() => undefined);
  let failed = false;
  const stops = queries.map((query, i) =>
    storage.onQuery(
      query,
      (docs) => {
        answers[i] = docs;
        if (!failed && answers.every((a) => a !== undefined)) next(answers as QueriedDoc[][]);
      },
      (e) => {
        if (failed) return;
        failed = true;
        onError(e);
      },
    ),
  );
  return () => stops.forEach((stop) => stop());
}

/**
 * A document the reader may not see reads as missing: the security rules refuse the read on
 * Firebase, and the use case then decides as if it did not exist (the domain's visibility rule
 * gives the local store the same answer).
 */
export async function readUnlessRefused(
  read: () => Promise<StoredDoc | null>,
): Promise<StoredDoc | null> {
  try {
    return await read();
  } catch (e) {
    if (failureCode(e) === 'permission-denied') return null;
    throw e;
  }
}

/** One stored document parsed with its domain schema, so defaults apply the same everywhere. */
export function parseDoc<S extends z.core.$ZodType>(
  schema: S,
  doc: StoredDoc | null,
): z.output<S> | null {
  return doc ? z.parse(schema, { ...doc.data, id: doc.id }) : null;
}

/**
 * The documents of a list parsed with their schema. One the schema cannot read is left out and
 * logged, rather than failing the whole screen.
 */
export function parseDocs<S extends z.core.$ZodType>(
  schema: S,
  docs: readonly StoredDoc[],
  context: string,
): z.output<S>[] {
  const out: z.output<S>[] = [];
  for (const doc of docs) {
    const parsed = z.safeParse(schema, { ...doc.data, id: doc.id });
    if (parsed.success) out.push(parsed.data);
    else logger.warn(`${context}: skipped unreadable document ${doc.path}`, parsed.error);
  }
  return out;
}

/**
 * A page of a list from the `size + 1` documents read: the first `size` parsed (as parseDocs),
 * and the cursor after them when the extra one says there is a next page.
 */
export function parsePage<S extends z.core.$ZodType>(
  schema: S,
  docs: readonly QueriedDoc[],
  size: number,
  context: string,
): Page<z.output<S>> {
  const shown = docs.slice(0, size);
  return {
    items: parseDocs(schema, shown, context),
    nextCursor: docs.length > size && shown.length > 0 ? shown.at(-1)!.cursor : null,
  };
}

/**
 * Notices written with ids of their own kinds: the staff's cancellation, the reminder, the
 * followers' notice of a new event, the organizer's minimum-headcount question, a board's
 * お知らせ and a regular's placement on a series' date (written by the server's handlers only).
 */
type StoredOnlyType =
  | 'staff_event_cancelled'
  | 'event_reminder'
  | 'followed_event'
  | 'headcount_check'
  | 'board_announcement'
  | 'regular_placed';

/** A new notification, under the id of its cause. */
interface NewNotification {
  id: string;
  userId: string;
  type: NotificationWrite['type'] | StoredOnlyType;
  data: object;
}

/**
 * Writes a new notification in its stored form (no words: src/domain/entities/notification.ts
 * renders them). docs/domain.md "Entities": the client's time at creation (what the list sorts
 * by first, so a notification shows at once) and the store's time beside it.
 */
export function writeNotification(w: Writes, n: NewNotification, clientNow: Date): void {
  w.set(`notifications/${n.id}`, {
    userId: n.userId,
    type: n.type,
    data: n.data,
    read: false,
    timestamp: fieldOp.serverTime(),
    clientTimestamp: clientNow,
  });
}

/**
 * Notifications the commit of their cause had no room for, written after it in batches of
 * `perBatch`.
 */
export async function writeNotificationBatches(
  ctx: UseCaseContext,
  notices: readonly NewNotification[],
  perBatch = MAX_WRITES_PER_COMMIT,
): Promise<void> {
  for (let i = 0; i < notices.length; i += perBatch) {
    const now = ctx.now();
    await ctx.storage.batch((w) => {
      for (const n of notices.slice(i, i + perBatch)) writeNotification(w, n, now);
    });
  }
}

export const eventPath = (id: string) => `events/${id}`;

/** The event parsed with its schema; null when missing (also for id ''). */
export async function readEvent(
  tx: Pick<Transaction, 'get'>,
  id: string,
): Promise<SportEvent | null> {
  return id ? parseDoc(sportEventSchema, await tx.get(eventPath(id))) : null;
}
