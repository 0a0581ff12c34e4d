import type { AppNotification, NewNotification } from '@/domain/entities/notification';

export interface NotificationsPort {
  /** Live list of the user's own notifications, newest first. */
  subscribe(
    uid: string,
    onChange: (items: AppNotification[]) => void,
    onError: (e: unknown) => void,
  ): () => void;
  add(n: NewNotification): Promise<void>;
  markRead(id: string): Promise<void>;
  markAllRead(uid: string): Promise<void>;
  remove(id: string): Promise<void>;
  removeAll(uid: string): Promise<void>;
}
