import { MAX_WRITES_PER_COMMIT, type Filter, type Writes } from '@/data/storage/storage';
import { NOTIFICATIONS_LIVE_LIMIT } from '@/domain/constants';
import { notificationSchema, type AppNotification } from '@/domain/entities/notification';
import { assertMayWrite } from '@/domain/rules/standing';
import {
  onOwnQuery,
  parseDocs,
  readActor,
  readUnlessRefused,
  refused,
  type UseCaseContext,
} from './context';

const NOTIFICATIONS = 'notifications';
const mine = (uid: string): Filter[] => [{ field: 'userId', op: '==', value: uid }];

/**
 * A user's notifications, written once for both backends. There is no method to write one: each
 * is written by the operation that causes it, in the same transaction, under an id derived from
 * that cause, and carries ids instead of words (docs/notifications.md). Each action is the
 * recipient's own, by an active account (a suspended one only reads); a missing notification is
 * refused like someone else's, as firestore.rules see no owner in it. The actions throw; the
 * notifications screen runs them as silent mutations (the mutation cache logs the failure and
 * the screen puts the list back). Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function notificationsUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  /** The signed-in, active user; `uid`, when given, must be them. */
  const writer = async (uid?: string) => {
    const me = assertMayWrite(await readActor(storage, await ctx.session()), 'active');
    if (uid !== undefined && uid !== me.uid) throw refused();
    return me;
  };

  /** One of my notifications, by its path; anything else is refused. */
  const myOwn = async (id: string) => {
    const me = await writer();
    const path = `${NOTIFICATIONS}/${id}`;
    const n = id ? await readUnlessRefused(() => storage.get(path)) : null;
    if (n?.data.userId !== me.uid) throw refused();
    return path;
  };

  /**
   * Applies `write` to every notification `where` matches, a commit of MAX_WRITES_PER_COMMIT at a
   * time: each commit takes its documents out of the query (read, or deleted), so the next read
   * returns those still left and no read is unbounded.
   */
  const pageByPage = async (where: Filter[], write: (w: Writes, path: string) => void) => {
    for (;;) {
      const docs = await storage.query({
        collection: NOTIFICATIONS,
        where,
        limit: MAX_WRITES_PER_COMMIT,
      });
      if (docs.length === 0) return;
      await storage.batch((w) => docs.forEach((d) => write(w, d.path)));
      if (docs.length < MAX_WRITES_PER_COMMIT) return;
    }
  };

  return {
    /**
     * Live list of the user's own notifications, delivered on every change. Order: newest first by
     * the shown time (notificationTime). Cap: NOTIFICATIONS_LIVE_LIMIT. Fails: onError;
     * 'permission-denied' for anyone's list but the caller's own. Caller: the signed-in user, for
     * themself. Unsubscribe before the user changes.
     */
    subscribe(
      uid: string,
      onChange: (items: AppNotification[]) => void,
      onError: (e: unknown) => void,
    ): () => void {
      return onOwnQuery(
        ctx,
        uid,
        () => ({
          collection: NOTIFICATIONS,
          where: mine(uid),
          orderBy: [{ field: 'timestamp', direction: 'desc' }],
          limit: NOTIFICATIONS_LIVE_LIMIT,
        }),
        // Stored in the server's time; shown (and sorted again) by the time the user sees,
        // which prefers the writer's clock (docs/domain.md "Entities").
        (docs) =>
          onChange(
            parseDocs(notificationSchema, docs, 'notifications.subscribe').sort(
              (a, b) => b.timestamp.getTime() - a.timestamp.getTime(),
            ),
          ),
        onError,
      );
    },

    /**
     * Marks one read. Missing, or anyone else's: 'permission-denied'. Fails: throws. Caller: its
     * recipient, signed in and not suspended.
     */
    async markRead(id: string): Promise<void> {
      await storage.update(await myOwn(id), { read: true });
    },

    /**
     * Marks all of the user's unread notifications read (on Firebase a page of 500 read and written
     * at a time, so no read is unbounded: a failure part-way leaves the earlier pages done). Fails:
     * throws; 'permission-denied' for anyone but the caller. Caller: the signed-in user, for
     * themself.
     */
    async markAllRead(uid: string): Promise<void> {
      await writer(uid);
      await pageByPage([...mine(uid), { field: 'read', op: '==', value: false }], (w, path) =>
        w.update(path, { read: true }),
      );
    },

    /**
     * Deletes one. Missing (already deleted), or anyone else's: 'permission-denied'. Fails: throws.
     * Caller: its recipient.
     */
    async remove(id: string): Promise<void> {
      await storage.delete(await myOwn(id));
    },

    /** Deletes all of the user's notifications; batches, failures and caller as markAllRead. */
    async removeAll(uid: string): Promise<void> {
      await writer(uid);
      await pageByPage(mine(uid), (w, path) => w.delete(path));
    },
  };
}
