import type { NotificationsPort } from '@/data/ports/notifications';
import { MAX_WRITES_PER_COMMIT, type Filter, type Writes } from '@/data/storage/storage';
import { NOTIFICATIONS_LIVE_LIMIT } from '@/domain/constants';
import { notificationSchema } from '@/domain/entities/notification';
import { assertMayWrite } from '@/domain/rules/standing';
import {
  assertSignedInAs,
  listenAfter,
  refused,
  parseDocs,
  readActor,
  readUnlessRefused,
  type UseCaseContext,
} from './context';

const NOTIFICATIONS = 'notifications';
const mine = (uid: string): Filter[] => [{ field: 'userId', op: '==', value: uid }];

/**
 * A user's notifications (src/data/ports/notifications.ts), written once for both backends. Each
 * action is the recipient's own, by an active account (a suspended one only reads); a missing
 * notification is refused like someone else's, as firestore.rules see no owner in it.
 */
export function notificationsUseCases(ctx: UseCaseContext): NotificationsPort {
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
    subscribe(uid, onChange, onError) {
      return listenAfter(
        () => assertSignedInAs(ctx, uid),
        () =>
          storage.onQuery(
            {
              collection: NOTIFICATIONS,
              where: mine(uid),
              orderBy: [{ field: 'timestamp', direction: 'desc' }],
              limit: NOTIFICATIONS_LIVE_LIMIT,
            },
            // Stored in the server's time; shown (and sorted again) by the time the user sees,
            // which prefers the writer's clock (docs/domain.md "Entities").
            (docs) =>
              onChange(
                parseDocs(notificationSchema, docs, 'notifications.subscribe').sort(
                  (a, b) => b.timestamp.getTime() - a.timestamp.getTime(),
                ),
              ),
            onError,
          ),
        onError,
      );
    },

    async markRead(id) {
      await storage.update(await myOwn(id), { read: true });
    },

    async markAllRead(uid) {
      await writer(uid);
      await pageByPage([...mine(uid), { field: 'read', op: '==', value: false }], (w, path) =>
        w.update(path, { read: true }),
      );
    },

    async remove(id) {
      await storage.delete(await myOwn(id));
    },

    async removeAll(uid) {
      await writer(uid);
      await pageByPage(mine(uid), (w, path) => w.delete(path));
    },
  };
}
