import { useQueryClient } from '@tanstack/react-query';
import type { EmailSettings } from '@/domain/entities/email-settings';
import type { ProfileEdit, ProfilePhoto, UserProfile } from '@/domain/entities/user';
import { profilePhotoFolder } from '@/domain/profile';
import { rememberDisplayName, useSession } from '@/features/auth/public';
import { eventQueries } from '@/features/events/public';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { refreshQueries } from '@/lib/query-client';
import { useImageUpload } from '@/lib/use-image-upload';
import { profileQueries } from './profile-queries';
import { useMutation } from '@/lib/use-mutation';

/** The photo did not go up; `cause` says why (time-out, refused file, network). */
export class PhotoUploadFailed extends Error {
  readonly cause: unknown;
  constructor(cause: unknown) {
    super('photo upload failed');
    this.name = 'PhotoUploadFailed';
    this.cause = cause;
  }
}

/** What the photo picker decided: keep the current photo, use a new file, or remove it. */
export type PhotoChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/**
 * Saving the settings screen. The photo goes up first (to the owner's folder, with progress; a
 * file already uploaded is not sent again when the save is retried), then the profile is saved
 * in one write. After that, nothing can fail the save: the replaced photo is deleted, the auth
 * profile and the session's stored name follow, and the organizer name and photo are copied
 * onto the user's events (syncOrganizer, whose failure the screen shows with a retry).
 */
export function useSaveProfile(current: UserProfile) {
  const backend = useBackend();
  const qc = useQueryClient();
  const { refresh } = useSession();
  const uploader = useImageUpload();
  const uid = current.id;

  const syncOrganizer = useMutation({
    meta: { silent: true },
    mutationFn: () => backend.organizing.syncOrganizerProfile(),
    onSuccess: () => refreshQueries(qc, [eventQueries.all]),
  });

  const save = useMutation({
    meta: { silent: true },
    mutationFn: async ({ values, photo }: { values: ProfileEdit; photo: PhotoChoice }) => {
      let next: ProfilePhoto = { photoURL: current.photoURL, photoPath: current.photoPath };
      if (photo.kind === 'remove') next = { photoURL: '', photoPath: '' };
      if (photo.kind === 'new') {
        const { url, path } = await uploader
          .upload(profilePhotoFolder(uid), photo.file)
          .catch((e: unknown) => Promise.reject(new PhotoUploadFailed(e)));
        next = { photoURL: url, photoPath: path };
      }
      await backend.users.saveProfile(uid, { ...values, ...next });
      return next;
    },
    onSuccess: async (next, { values, photo }) => {
      const displayName = values.displayName.trim();
      if (photo.kind === 'new') uploader.forget(photo.file);
      if (current.photoPath && current.photoPath !== next.photoPath) {
        backend.files
          .remove(current.photoPath)
          .catch((e: unknown) => logger.error('profile: old photo not deleted', e));
      }
      await backend.auth
        .updateProfile({ displayName, photoURL: next.photoURL })
        .catch((e: unknown) => logger.error('profile: auth profile not updated', e));
      rememberDisplayName(uid, displayName);
      const organizerChanged =
        displayName !== current.displayName || next.photoURL !== current.photoURL;
      await Promise.all([
        refreshQueries(qc, [
          profileQueries.detail(uid).queryKey,
          profileQueries.private(uid).queryKey,
        ]),
        refresh(),
        organizerChanged ? syncOrganizer.mutateAsync().catch(() => undefined) : undefined,
      ]);
    },
  });

  return { save, syncOrganizer, progress: uploader.progress };
}

/** Saves one switch at a time (the screen disables the others meanwhile). */
export function useSaveEmailSettings(uid: string) {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (settings: EmailSettings) => backend.users.saveEmailSettings(uid, settings),
    onSuccess: (_, settings) => {
      qc.setQueryData(profileQueries.emailSettings(uid).queryKey, settings);
    },
  });
}
