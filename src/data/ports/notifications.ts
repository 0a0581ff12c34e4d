import type { AppNotification, NewNotification } from '@/domain/entities/notification';

/**
 * In-app notifications. The statements follow the convention in ./backend.ts. The actions throw;
 * the notifications screen runs them as silent mutations (the mutation cache logs the failure and
 * the screen puts the list back), which is what "only logged" means for them.
 */
export interface NotificationsPort {
  /**
   * Live list of the user's own notifications, delivered on every change.
   * Order: newest first by the shown time (notificationTime). Cap: NOTIFICATIONS_LIVE_LIMIT.
   * Fails: onError; 'permission-denied' for anyone's list but the caller's own.
   * Caller: the signed-in user, for themself. Unsubscribe before the user changes.
   */
  subscribe(
    uid: string,
    onChange: (items: AppNotification[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  /**
   * Stores a new unread notification with the server time and the client time.
   * Fails: throws; 'permission-denied' for anyone but the caller (the participation
   * notifications are written by the participation port, in the transaction that causes them).
   * Caller: a signed-in user, for themself.
   */
  add(n: NewNotification): Promise<void>;
  /**
   * Marks one read. Missing, or anyone else's: 'permission-denied'. Fails: throws.
   * Caller: its recipient.
   */
  markRead(id: string): Promise<void>;
  /**
   * Marks all of the user's unread notifications read (in batches of 500 on Firebase: a failure
   * part-way leaves the earlier batches done). Fails: throws; 'permission-denied' for anyone but
   * the caller. Caller: the signed-in user, for themself.
   */
  markAllRead(uid: string): Promise<void>;
  /**
   * Deletes one. Missing (already deleted), or anyone else's: 'permission-denied'.
   * Fails: throws. Caller: its recipient.
   */
  remove(id: string): Promise<void>;
  /** Deletes all of the user's notifications; batches, failures and caller as markAllRead. */
  removeAll(uid: string): Promise<void>;
}
