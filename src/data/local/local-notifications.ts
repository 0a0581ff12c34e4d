import type { NotificationsPort } from '@/data/ports/notifications';
import {
  notificationSchema,
  type AppNotification,
  type NotificationWrite,
} from '@/domain/entities/notification';
import { assertMayWrite } from '@/domain/rules/standing';
import { logger } from '@/lib/logger';
import { currentActor, type LocalContext } from './context';
import type { LocalDb } from './db';
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

  // SPEC §8: failures to mark read or delete notifications are only logged, as on Firebase.
  async markRead(id: string): Promise<void> {
    await this.write('notifications.markRead', async (db, uid) => {
      await mine(db, id, uid).modify({ read: true });
    });
  }

  async markAllRead(uid: string): Promise<void> {
    await this.write('notifications.markAllRead', async (db, me) => {
      assertOwnList(uid, me);
      await db.notifications
        .where('userId')
        .equals(uid)
        .filter((n) => n.read !== true)
        .modify({ read: true });
    });
  }

  async remove(id: string): Promise<void> {
    await this.write('notifications.remove', async (db, uid) => {
      await mine(db, id, uid).delete();
    });
  }

  async removeAll(uid: string): Promise<void> {
    await this.write('notifications.removeAll', async (db, me) => {
      assertOwnList(uid, me);
      await db.notifications.where('userId').equals(uid).delete();
    });
  }

  /** A write to my own notifications, by an active account (a suspended one only reads). */
  private async write(
    context: string,
    apply: (db: LocalDb, uid: string) => Promise<void>,
  ): Promise<void> {
    const { db } = this.ctx;
    try {
      await db.transaction('rw', db.notifications, db.users, db.accounts, async () => {
        const { uid } = assertMayWrite(await currentActor(this.ctx), 'active');
        await apply(db, uid);
      });
    } catch (e) {
      logger.error(context, e);
    }
  }
}

/** Another user's list is refused, as the rules refuse it on Firebase. */
function assertOwnList(uid: string, me: string): void {
  if (uid !== me) throw new Error(`notifications of ${uid} are not the signed-in user's`);
}

/** One notification by id, if it is the user's (the rules let only its recipient change it). */
function mine(db: LocalDb, id: string, uid: string) {
  return db.notifications
    .where('id')
    .equals(id)
    .filter((n) => n.userId === uid);
}

/**
 * Written as the Firebase backend does: under the id of its cause (a later request of the same
 * user replaces the earlier one's), with the server time and the client time the list prefers.
 */
export async function putNotification(db: LocalDb, n: NotificationWrite, now: Date): Promise<void> {
  await db.notifications.put({ ...n, read: false, timestamp: now, clientTimestamp: now });
}
