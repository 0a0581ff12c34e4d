import type { AppNotification } from '@/domain/entities/notification';

/**
 * A user's notifications. There is no method to write one: each is written by the operation that
 * causes it (a participation request, approval or rejection), in the same transaction, under an
 * id derived from that cause, and carries ids instead of words (docs/notifications.md). The
 * write methods below need an active account; their failures (a refusal included) are only
 * logged (SPEC §8).
 */
export interface NotificationsPort {
  /** Live list of the user's own notifications, newest first. */
  subscribe(
    uid: string,
    onChange: (items: AppNotification[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  markRead(id: string): Promise<void>;
  markAllRead(uid: string): Promise<void>;
  remove(id: string): Promise<void>;
  removeAll(uid: string): Promise<void>;
}
