import type { NotificationsPort } from '@/data/ports/notifications';
import {
  notificationSchema,
  type AppNotification,
  type NewNotification,
} from '@/domain/entities/notification';
import type { LocalContext } from './context';
import type { LocalDb } from './db';
import { newId } from './ids';
import { subscribeLive } from './live-query';
import { parseRows } from './rows';

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
        const rows = await db.notifications.where('userId').equals(uid).toArray();
        // Sorted after parsing so the SPEC §3 timestamp preference decides the order.
        return parseRows(notificationSchema, rows, 'notifications.subscribe').sort(
          (a, b) => b.timestamp.getTime() - a.timestamp.getTime(),
        );
      },
      onChange,
      onError,
    );
  }

  async add(n: NewNotification): Promise<void> {
    await addNotification(this.ctx.db, n, this.ctx.now());
  }

  async markRead(id: string): Promise<void> {
    await this.ctx.db.notifications.update(id, { read: true });
  }

  async markAllRead(uid: string): Promise<void> {
    const { db } = this.ctx;
    await db.notifications
      .where('userId')
      .equals(uid)
      .filter((n) => n.read !== true)
      .modify({ read: true });
  }

  async remove(id: string): Promise<void> {
    await this.ctx.db.notifications.delete(id);
  }

  async removeAll(uid: string): Promise<void> {
    await this.ctx.db.notifications.where('userId').equals(uid).delete();
  }
}

/**
 * Written as the Firebase backend does: server time plus the client time the list prefers. A
 * notification whose id derives from its cause passes that id.
 */
export async function addNotification(
  db: LocalDb,
  n: NewNotification,
  now: Date,
  id: string = newId(),
): Promise<string> {
  await db.notifications.add({ id, ...n, read: false, timestamp: now, clientTimestamp: now });
  return id;
}
