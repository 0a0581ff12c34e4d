import type { EventFormInput } from '@/domain/event-form';
import { logger } from '@/lib/logger';
import { safeSessionStorage } from '@/lib/storage-keys';

/**
 * The event being created survives moving between input and confirmation, and a remount of the
 * screen: the text fields in sessionStorage (per tab, per user), the picked image in memory (a
 * File cannot be stored; after a full reload it has to be picked again).
 */
interface StoredDraft {
  values: EventFormInput;
  /** The input passed validation once and the confirmation may be shown. */
  reviewed: boolean;
}

const keyFor = (uid: string) => `sc.create-event-draft.${uid}`;
let image: { uid: string; file: File } | null = null;

export function loadDraft(uid: string): Partial<StoredDraft> {
  try {
    const raw = window.sessionStorage.getItem(keyFor(uid));
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch (e) {
    logger.warn('create-event draft unreadable', e);
    return {};
  }
}

export function saveDraft(uid: string, draft: StoredDraft): void {
  try {
    window.sessionStorage.setItem(keyFor(uid), JSON.stringify(draft));
  } catch (e) {
    // Without storage the draft still lives in the mounted form; only a reload loses it.
    logger.warn('create-event draft not saved', e);
  }
}

export function getDraftImage(uid: string): File | null {
  return image && image.uid === uid ? image.file : null;
}

export function setDraftImage(uid: string, file: File | null): void {
  image = file ? { uid, file } : null;
}

export function clearDraft(uid: string): void {
  image = null;
  safeSessionStorage.remove(keyFor(uid));
}
