import type { NotificationsPort } from '@/data/ports/notifications';
import { NOTIFICATIONS_LIVE_LIMIT } from '@/domain/constants';
import { notificationSchema, type AppNotification } from '@/domain/entities/notification';
import { BackendError } from '@/domain/errors';
import { assertMayWrite } from '@/domain/rules/standing';
import { currentActor, currentUid, type LocalContext } from './context';
import type { LocalDb } from './db';
import { subscribeLive } from './live-query';
import { parseRows } from './rows';

/**
 * Every action is the recipient's own, by an active account (a suspended one only reads), as
 * firestore.rules hold it on Firebase.
 */
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

  async markRead(id: string): Promise<void> {
    await this.write(async (db) => {
      await this.readMine(id);
      await db.notifications.update(id, { read: true });
    });
  }

  async markAllRead(uid: string): Promise<void> {
    await this.write(async (db) => {
      this.assertMe(uid);
      await db.notifications
        .where('userId')
        .equals(uid)
        .filter((n) => n.read !== true)
        .modify({ read: true });
    });
  }

  async remove(id: string): Promise<void> {
    await this.write(async (db) => {
      await this.readMine(id);
      await db.notifications.delete(id);
    });
  }

  async removeAll(uid: string): Promise<void> {
    await this.write(async (db) => {
      this.assertMe(uid);
      await db.notifications.where('userId').equals(uid).delete();
    });
  }

  /** A write to my own notifications, by an active account. */
  private async write(apply: (db: LocalDb) => Promise<void>): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.notifications, db.users, db.accounts, async () => {
      assertMayWrite(await currentActor(this.ctx), 'active');
      await apply(db);
    });
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
