import { BackendError } from '@/domain/errors';

/**
 * An event's or a team's image is the writer's own upload: its path directly in
 * `<folder>/<uid>/` (where the files port stores it, and storage.rules let only that user
 * write), or none, or the path the document already has (a picture stored before this check).
 * Anything else is refused as the rules refuse it ('permission-denied'), on both backends; on
 * Firebase the rules also hold the URL to the project's Storage (the local backend keeps images
 * as data: URLs, so it has no host to check).
 */
export function assertOwnImagePath(
  folder: 'events' | 'teams',
  uid: string,
  path: string | undefined,
  stored = '',
): void {
  if (path === undefined || path === '' || path === stored) return;
  const rest = path.startsWith(`${folder}/${uid}/`)
    ? path.slice(folder.length + uid.length + 2)
    : '';
  if (rest === '' || rest.includes('/')) throw new BackendError('permission-denied');
}
