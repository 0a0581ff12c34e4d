import type { NotificationWrite } from '@/domain/entities/notification';
import type { LocalDb } from './db';

/**
 * A notification written by a local repository not yet on the storage interface (teams), as
 * the use cases write one (src/data/use-cases/context.ts notificationDoc): under the id of its
 * cause, with the server time and the client time the list prefers.
 */
export async function putNotification(db: LocalDb, n: NotificationWrite, now: Date): Promise<void> {
  await db.notifications.put({ ...n, read: false, timestamp: now, clientTimestamp: now });
}
