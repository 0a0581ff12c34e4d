import {
  collection,
  deleteDoc,
  doc,
  getDocs,
  limit,
  onSnapshot,
  orderBy,
  query,
  updateDoc,
  where,
  writeBatch,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { NOTIFICATIONS_LIVE_LIMIT } from '@/domain/constants';
import { assertMayWrite } from '@/domain/rules/standing';
import type { NotificationsPort } from '@/data/ports/notifications';
import { notificationConverter, parsedDocs } from './converters';
import { currentActor, type FirebaseContext } from './context';

/** A write batch holds at most 500 operations; markAllRead and removeAll read pages of as many. */
const BATCH_LIMIT = 500;

export function createNotificationsPort(ctx: FirebaseContext): NotificationsPort {
  const col = collection(ctx.db, 'notifications');

  /** Every write here needs an active account (a suspended one reads only). */
  const assertActive = async () => assertMayWrite(await currentActor(ctx), 'active');

  /**
   * Applies `apply` to every notification the query matches, a page of 500 at a time (one read
   * and one write batch each, so no read is unbounded). Each page's writes take its documents out
   * of the query (marked read, or deleted), so the next read returns those still left.
   */
  const pageByPage = async (
    matching: Query,
    apply: (batch: ReturnType<typeof writeBatch>, d: QueryDocumentSnapshot) => void,
  ) => {
    for (;;) {
      const snap = await getDocs(query(matching, limit(BATCH_LIMIT)));
      if (snap.empty) return;
      const batch = writeBatch(ctx.db);
      for (const d of snap.docs) apply(batch, d);
      await batch.commit();
      if (snap.size < BATCH_LIMIT) return;
    }
  };

  return {
    subscribe(uid, onChange, onError) {
      const q = query(
        col,
        where('userId', '==', uid),
        orderBy('timestamp', 'desc'),
        limit(NOTIFICATIONS_LIVE_LIMIT),
      ).withConverter(notificationConverter);
      return onSnapshot(
        q,
        (snap) => {
          // The stored order is the server timestamp; the shown time prefers the client's, so
          // sort again by what the user sees (docs/domain.md "Entities": newest first).
          const items = parsedDocs(snap, 'notifications.subscribe');
          items.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime());
          onChange(items);
        },
        onError,
      );
    },

    async markRead(id) {
      await assertActive();
      await updateDoc(doc(col, id), { read: true });
    },

    async markAllRead(uid) {
      await assertActive();
      await pageByPage(
        query(col, where('userId', '==', uid), where('read', '==', false)),
        (batch, d) => batch.update(d.ref, { read: true }),
      );
    },

    async remove(id) {
      await assertActive();
      await deleteDoc(doc(col, id));
    },

    async removeAll(uid) {
      await assertActive();
      await pageByPage(query(col, where('userId', '==', uid)), (batch, d) => batch.delete(d.ref));
    },
  };
}
