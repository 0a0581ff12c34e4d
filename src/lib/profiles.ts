import {
  queryOptions,
  skipToken,
  type QueryClient,
  type QueryFunction,
} from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import type { UserProfile } from '@/domain/entities/user';

/**
 * People's public profiles, one cache entry per person. A page often shows the same people in
 * several places (an event's participants, the organizer's roster of them, their attendance
 * marks; a conversation row and its chat header; a profile page opened from a list). Each of
 * those lists keeps its own key, under the event or team it belongs to, so whatever refreshes
 * that refreshes the list; but the list reads through these entries, and a person whose profile
 * is already here and fresh costs no read. A save of one's own profile invalidates its entry
 * (profile-mutations.ts), and the next list that shows it reads it again. An entry a list filled
 * carries no address for the signed-in user's own profile (users.getMany); the screens take the
 * address from the session, never from here.
 */
export const profileKey = (uid: string) => ['users', 'detail', uid] as const;

/** One person's public profile (null when there is none). */
export const profileQuery = (uid: string, backend?: Backend) =>
  queryOptions({
    queryKey: profileKey(uid),
    queryFn: backend ? (): Promise<UserProfile | null> => backend.users.get(uid) : skipToken,
  });

/**
 * What the cache holds for `uid` while it is fresh by the client's own rule (its staleTime: a
 * copy restored from storage is stale at once), else undefined.
 */
function freshProfile(client: QueryClient, uid: string): UserProfile | null | undefined {
  const query = client.getQueryCache().find<UserProfile | null>({
    queryKey: profileKey(uid),
    exact: true,
  });
  if (!query) return undefined;
  const staleTime = client.getDefaultOptions().queries?.staleTime;
  const ms = typeof staleTime === 'function' ? staleTime(query as never) : staleTime;
  return query.isStaleByTime(ms) ? undefined : query.state.data;
}

/** The people being read for each client, so lists that ask at the same moment share a read. */
const reading = new WeakMap<QueryClient, Map<string, Promise<UserProfile | null>>>();

/**
 * The profiles of `uids` in the order given, each once, missing ones left out (users.getMany's
 * answer): those the cache holds fresh from it, those another list is reading from that read,
 * the others in one getMany, each answer (null for a missing profile) kept under its person's
 * key.
 */
export async function readProfiles(
  client: QueryClient,
  backend: Backend,
  uids: readonly string[],
): Promise<UserProfile[]> {
  const ids = [...new Set(uids.filter(Boolean))];
  const inFlight = reading.get(client) ?? new Map<string, Promise<UserProfile | null>>();
  reading.set(client, inFlight);
  const answers = new Map<string, UserProfile | null | Promise<UserProfile | null>>();
  const missing: string[] = [];
  for (const id of ids) {
    const fresh = freshProfile(client, id);
    const known = fresh !== undefined ? fresh : inFlight.get(id);
    if (known === undefined) missing.push(id);
    else answers.set(id, known);
  }
  if (missing.length > 0) {
    const read = backend.users.getMany(missing).then((found) => {
      const byId = new Map(found.map((p) => [p.id, p]));
      for (const id of missing) client.setQueryData(profileKey(id), byId.get(id) ?? null);
      return byId;
    });
    const done = () => missing.forEach((id) => inFlight.delete(id));
    read.then(done, done);
    for (const id of missing) {
      const one = read.then((byId) => byId.get(id) ?? null);
      inFlight.set(id, one);
      answers.set(id, one);
    }
  }
  const profiles = await Promise.all(ids.map((id) => answers.get(id)));
  return profiles.filter((p): p is UserProfile => Boolean(p));
}

/** The query function of a list of people kept under its own key: readProfiles. */
export const profilesQueryFn = (
  uids: readonly string[],
  backend?: Backend,
): QueryFunction<UserProfile[]> | typeof skipToken =>
  backend ? ({ client }) => readProfiles(client, backend, uids) : skipToken;
