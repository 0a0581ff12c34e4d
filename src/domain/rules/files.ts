import { IMAGE_MAX_UPLOAD_BYTES, UPLOADABLE_IMAGE_TYPES } from '@/domain/constants';
import type { ErrorKey } from '@/domain/errors';
import { standingRefusal, type Actor, type WriteNeed } from './standing';

/** The top folders of storage; each holds one folder per user (`events/<uid>/…`). */
export const STORAGE_AREAS = ['events', 'users', 'teams'] as const;

/**
 * Whether a storage path (or folder) lies in one of the user's own folders, `<area>/<uid>/…`:
 * only there may they store or delete (storage.rules hold the same line on Firebase).
 */
export function ownsStoragePath(uid: string | null, path: string): boolean {
  const [area, owner] = path.split('/');
  return uid !== null && owner === uid && (STORAGE_AREAS as readonly string[]).includes(area ?? '');
}

/**
 * What is wrong with an image to upload, or null: a missing or empty file, a type other than a
 * raster image (an SVG may carry script), a file over IMAGE_MAX_UPLOAD_BYTES.
 */
export function imageProblem(
  file: { type: string; size: number } | null | undefined,
): Extract<ErrorKey, 'invalidFile' | 'unsupportedImageType' | 'imageTooLarge'> | null {
  if (!file || file.size === 0) return 'invalidFile';
  if (!(UPLOADABLE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'unsupportedImageType';
  }
  if (file.size > IMAGE_MAX_UPLOAD_BYTES) return 'imageTooLarge';
  return null;
}

/**
 * What storing into a folder needs of its owner: an event or team image is published by a
 * verified account only, a profile photo by any active one (storage.rules' verifiedUser() and
 * activeUser()).
 */
function storeNeed(folder: string): WriteNeed {
  return folder.split('/')[0] === 'users' ? 'active' : 'verified';
}

/**
 * Whether `actor` may store `file` in `folder`: their own folder, their standing (a suspended
 * account stores nothing), and a raster image within the size limit. storage.rules hold the
 * same line on Firebase, reading the standing from Firestore.
 */
export function mayStoreFile(
  actor: Actor | null,
  folder: string,
  file: { type: string; size: number } | null | undefined,
): boolean {
  return (
    actor !== null &&
    ownsStoragePath(actor.uid, folder) &&
    standingRefusal(actor, storeNeed(folder)) === null &&
    imageProblem(file) === null
  );
}

/** Whether `actor` may delete the object at `path`: their own folder, an active account. */
export function mayRemoveFile(actor: Actor | null, path: string): boolean {
  return (
    actor !== null && ownsStoragePath(actor.uid, path) && standingRefusal(actor, 'active') === null
  );
}
