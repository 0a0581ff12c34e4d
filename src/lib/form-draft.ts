import { logger } from '@/lib/logger';
import { safeSessionStorage } from '@/lib/storage-keys';

/**
 * A creation form in two steps (input, confirmation) survives moving between them and a remount
 * of the screen: the text fields in sessionStorage (per tab, per user), the picked image in
 * memory (a File cannot be stored; after a full reload it has to be picked again).
 */
export interface StoredDraft<V> {
  values: V;
  /** The input passed validation once and the confirmation may be shown. */
  reviewed: boolean;
}

export interface FormDraft<V> {
  load(uid: string): Partial<StoredDraft<V>>;
  save(uid: string, draft: StoredDraft<V>): void;
  getImage(uid: string): File | null;
  setImage(uid: string, file: File | null): void;
  clear(uid: string): void;
}

/** The draft of one creation form, stored under `sc.<name>-draft.<uid>`. */
export function formDraft<V>(name: string): FormDraft<V> {
  const keyFor = (uid: string) => `sc.${name}-draft.${uid}`;
  let image: { uid: string; file: File } | null = null;
  return {
    load(uid) {
      try {
        const raw = window.sessionStorage.getItem(keyFor(uid));
        if (!raw) return {};
        const parsed = JSON.parse(raw) as Partial<StoredDraft<V>>;
        return parsed && typeof parsed === 'object' ? parsed : {};
      } catch (e) {
        logger.warn(`${name} draft unreadable`, e);
        return {};
      }
    },
    save(uid, draft) {
      try {
        window.sessionStorage.setItem(keyFor(uid), JSON.stringify(draft));
      } catch (e) {
        // Without storage the draft still lives in the mounted form; only a reload loses it.
        logger.warn(`${name} draft not saved`, e);
      }
    },
    getImage(uid) {
      return image && image.uid === uid ? image.file : null;
    },
    setImage(uid, file) {
      image = file ? { uid, file } : null;
    },
    clear(uid) {
      image = null;
      safeSessionStorage.remove(keyFor(uid));
    },
  };
}
