import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/domain/entities/user';
import { useBackend } from '@/lib/backend-context';
import { staffQueries } from '../staff-queries';

/**
 * The profiles of the people a page of a staff list names (reporters, subjects, actors): one
 * bounded read per page (a page names at most a few dozen). Until it arrives, or if it fails,
 * rows show the uid instead of a name, so a missing name never hides the list.
 */
export function usePeople(uids: string[]): Map<string, UserProfile> {
  const backend = useBackend();
  const unique = [...new Set(uids.filter(Boolean))];
  const query = useQuery({ ...staffQueries.people(unique, backend), enabled: unique.length > 0 });
  return new Map((query.data ?? []).map((p) => [p.id, p]));
}

export function personName(people: Map<string, UserProfile>, uid: string): string {
  if (!uid) return '不明';
  return people.get(uid)?.displayName || uid;
}
