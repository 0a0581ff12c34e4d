import { deleteDraftImage, loadDraftImage, saveDraftImage } from '@/lib/draft-images';
import { logger } from '@/lib/logger';
import { safeSessionStorage } from '@/lib/storage-keys';

/**
 * A creation form in two steps (input, confirmation) survives moving between them, a remount of
 * the screen and a reload: the text fields in sessionStorage (per tab, per user), the picked
 * image in IndexedDB (draft-images), under an id the text draft names.
 */
export interface StoredDraft<V> {
  values: V;
  /** The input passed validation once and the confirmation may be shown. */
  reviewed: boolean;
  /** The stored picture's id; null or absent when none was picked. */
  imageId?: string | null;
}

export interface FormDraft<V> {
  load(uid: string): Partial<StoredDraft<V>>;
  save(uid: string, draft: StoredDraft<V>): void;
  /** Stores a picked picture; returns its id (named in the saved draft) at once. */
  storeImage(uid: string, file: File): { id: string; stored: Promise<boolean> };
  /** The stored picture, or null when it is gone (another browser profile, storage cleared). */
  loadImage(id: string): Promise<File | null>;
  removeImage(id: string): void;
  /** Forgets the draft and its picture (after publishing). */
  clear(uid: string): void;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The draft of one creation form, stored under `sc.<name>-draft.<uid>`. */
export function formDraft<V>(name: string): FormDraft<V> {
  const keyFor = (uid: string) => `sc.${name}-draft.${uid}`;
  const load = (uid: string): Partial<StoredDraft<V>> => {
    try {
      const raw = window.sessionStorage.getItem(keyFor(uid));
      if (!raw) return {};
      const parsed = JSON.parse(raw) as Partial<StoredDraft<V>>;
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch (e) {
      logger.warn(`${name} draft unreadable`, e);
      return {};
    }
  };
  return {
    load,
    save(uid, draft) {
      try {
        window.sessionStorage.setItem(keyFor(uid), JSON.stringify(draft));
      } catch (e) {
        // Without storage the draft still lives in the mounted form; only a reload loses it.
        logger.warn(`${name} draft not saved`, e);
      }
    },
    storeImage(uid, file) {
      const id = `${name}.${uid}.${randomId()}`;
      return { id, stored: saveDraftImage(id, file) };
    },
    loadImage: loadDraftImage,
    removeImage(id) {
      void deleteDraftImage(id);
    },
    clear(uid) {
      const imageId = load(uid).imageId;
      if (imageId) void deleteDraftImage(imageId);
      safeSessionStorage.remove(keyFor(uid));
    },
  };
}
