import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { EmailSettings } from '@/domain/entities/email-settings';
import type { PrivateProfile } from '@/domain/entities/user';
import { profileQuery } from '@/lib/profiles';

/**
 * The query-options factory of the profile feature. Every key carries the uid it belongs to, so
 * two accounts used one after the other in a browser never share an entry; the events a profile
 * lists live under eventQueries (byOrganizer, byParticipant, participationRecord), where event
 * changes already invalidate them. Called without a backend, a method gives the key alone.
 */
export const profileQueries = {
  all: ['users'] as const,

  /** The public profile (null when there is none), the entry every list of people reads through. */
  detail: profileQuery,

  /** The owner's gender and birth date with who sees them. */
  private: (uid: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['users', 'private', uid] as const,
      queryFn: backend
        ? (): Promise<PrivateProfile> => backend.users.getPrivateProfile(uid)
        : skipToken,
    }),

  emailSettings: (uid: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['users', 'emailSettings', uid] as const,
      queryFn: backend
        ? (): Promise<EmailSettings> => backend.users.getEmailSettings(uid)
        : skipToken,
    }),
};
