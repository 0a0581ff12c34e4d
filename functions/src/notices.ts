import { FieldValue, Timestamp } from 'firebase-admin/firestore';

/**
 * A notification as the server's handlers store it (docs/notifications.md "What is stored"): no
 * words, the server's time, and the server's clock as the writer's.
 */
export function storedNotice(
  n: { userId: string; type: string; data: object },
  now: Date,
): Record<string, unknown> {
  return {
    userId: n.userId,
    type: n.type,
    data: n.data,
    read: false,
    timestamp: FieldValue.serverTimestamp(),
    clientTimestamp: Timestamp.fromDate(now),
  };
}
