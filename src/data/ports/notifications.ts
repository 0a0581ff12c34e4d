import type { AppNotification } from '@/domain/entities/notification';

/**
 * A user's notifications. There is no method to write one: each is written by the operation that
 * causes it (a participation request, approval or rejection), in the same transaction, under an
 * id derived from that cause, and carries ids instead of words (docs/notifications.md). The
 * write methods below need an active account; the statements follow the convention in ./backend.ts.
 * The actions throw; the notifications screen runs them as silent mutations (the mutation cache
 * logs the failure and the screen puts the list back), which is what "only logged" means for them.
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
   * Marks one read. Missing, or anyone else's: 'permission-denied'. Fails: throws.
   * Caller: its recipient, signed in and not suspended.
   */
  markRead(id: string): Promise<void>;
  /**
   * Marks all of the user's unread notifications read (on Firebase a page of 500 read and written
   * at a time, so no read is unbounded: a failure part-way leaves the earlier pages done). Fails: throws; 'permission-denied' for anyone but
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
