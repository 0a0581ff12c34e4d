import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/domain/entities/user';
import { useBackend } from '@/lib/backend-context';
import { staffQueries } from '../staff-queries';

export interface People {
  /** The display name; '…' while loading; the uid if the profile is missing or unreadable. */
  name(uid: string): string;
  profile(uid: string): UserProfile | undefined;
}

/**
 * The profiles of the people a page of a staff list names (reporters, subjects, actors): one
 * bounded read per page (a page names at most a few dozen). A missing name never hides a row.
 */
export function usePeople(uids: string[]): People {
  const backend = useBackend();
  const unique = [...new Set(uids.filter(Boolean))];
  const query = useQuery({ ...staffQueries.people(unique, backend), enabled: unique.length > 0 });
  const byId = new Map((query.data ?? []).map((p) => [p.id, p]));
  return {
    name: (uid) => {
      if (!uid) return '不明';
      if (query.isPending) return '…';
      return byId.get(uid)?.displayName || uid;
    },
    profile: (uid) => byId.get(uid),
  };
}
