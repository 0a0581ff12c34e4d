import type { NotificationsPort } from '@/data/ports/notifications';
import { NOTIFICATIONS_LIVE_LIMIT } from '@/domain/constants';
import {
  notificationSchema,
  type AppNotification,
  type NewNotification,
} from '@/domain/entities/notification';
import { BackendError } from '@/domain/errors';
import { currentUid, type LocalContext } from './context';
import type { LocalDb } from './db';
import { newId } from './ids';
import { subscribeLive } from './live-query';
import { parseRows } from './rows';

/** Every action is the recipient's own, as firestore.rules hold it on Firebase. */
export class LocalNotifications implements NotificationsPort {
  private readonly ctx: LocalContext;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  subscribe(
    uid: string,
    onChange: (items: AppNotification[]) => void,
    onError: (e: unknown) => void,
  ): () => void {
    const { db } = this.ctx;
    return subscribeLive(
      async () => {
        this.assertMe(uid);
        const rows = await db.notifications.where('userId').equals(uid).toArray();
        // Sorted after parsing, so the shown time (notificationTime) decides the order.
        return parseRows(notificationSchema, rows, 'notifications.subscribe')
          .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime())
          .slice(0, NOTIFICATIONS_LIVE_LIMIT);
      },
      onChange,
      onError,
    );
  }

  async add(n: NewNotification): Promise<void> {
    this.assertMe(n.userId);
    await addNotification(this.ctx.db, n, this.ctx.now());
  }

  async markRead(id: string): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.notifications, async () => {
      await this.readMine(id);
      await db.notifications.update(id, { read: true });
    });
  }

  async markAllRead(uid: string): Promise<void> {
    this.assertMe(uid);
    await this.ctx.db.notifications
      .where('userId')
      .equals(uid)
      .filter((n) => n.read !== true)
      .modify({ read: true });
  }

  async remove(id: string): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.notifications, async () => {
      await this.readMine(id);
      await db.notifications.delete(id);
    });
  }

  async removeAll(uid: string): Promise<void> {
    this.assertMe(uid);
    await this.ctx.db.notifications.where('userId').equals(uid).delete();
  }

  private assertMe(uid: string): void {
    if (!uid || uid !== currentUid(this.ctx)) throw new BackendError('permission-denied');
  }

  /** A missing notification is refused like someone else's (Firebase's rules see no owner). */
  private async readMine(id: string): Promise<void> {
    const row = await this.ctx.db.notifications.get(id);
    this.assertMe(row?.userId ?? '');
  }
}

/** Written as the Firebase backend does: server time plus the client time the list prefers. */
export async function addNotification(db: LocalDb, n: NewNotification, now: Date): Promise<string> {
  const id = newId();
  await db.notifications.add({ id, ...n, read: false, timestamp: now, clientTimestamp: now });
  return id;
}
