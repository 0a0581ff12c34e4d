import { Timestamp, serverTimestamp, type DocumentData } from 'firebase/firestore';
import type { NotificationWrite } from '@/domain/entities/notification';

/**
 * The stored form of a new notification, for a repository not yet on the storage interface
 * (teams), as the use cases write one (src/data/use-cases/context.ts notificationDoc).
 */
export function notificationWrite(n: NotificationWrite): DocumentData {
  return {
    userId: n.userId,
    type: n.type,
    data: n.data,
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
  };
}
