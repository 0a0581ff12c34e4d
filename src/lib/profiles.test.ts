import { queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import { QUERY_STALE_TIME_MS } from '@/domain/constants';
import type { UserProfile } from '@/domain/entities/user';
import { createQueryClient } from '@/lib/query-client';
import { profileKey, profileQuery, profilesQueryFn } from '@/lib/profiles';

const person = (id: string): UserProfile => ({ id, displayName: `名前-${id}` }) as UserProfile;

/** A users port holding a, b and c (d has no profile), recording what each call asked for. */
function fakeBackend() {
  const stored = new Map(['a', 'b', 'c'].map((id) => [id, person(id)]));
  const getMany = vi.fn(async (ids: string[]) =>
    ids.flatMap((id) => (stored.has(id) ? [stored.get(id)!] : [])),
  );
  const get = vi.fn(async (id: string) => stored.get(id) ?? null);
  return { backend: { users: { getMany, get } } as unknown as Backend, getMany, get };
}

/** A list of people kept under its own key, as the event, team and staff lists are. */
const list = (name: string, uids: string[], backend: Backend) =>
  queryOptions({ queryKey: ['list', name, uids], queryFn: profilesQueryFn(uids, backend) });

afterEach(() => {
  vi.useRealTimers();
});

describe('people read through one entry per person', () => {
  it('reads each person once, whichever list shows them first, in the order each list asks', async () => {
    const client = createQueryClient();
    const { backend, getMany, get } = fakeBackend();

    const participants = await client.fetchQuery(list('participants', ['a', 'b'], backend));
    const roster = await client.fetchQuery(list('roster', ['b', 'c', '', 'a', 'c'], backend));

    expect(participants.map((p) => p.id)).toEqual(['a', 'b']);
    expect(roster.map((p) => p.id)).toEqual(['b', 'c', 'a']);
    expect(getMany.mock.calls).toEqual([[['a', 'b']], [['c']]]);
    // A profile page opened from the list shows what the list read, without reading it again.
    expect(await client.fetchQuery(profileQuery('c', backend))).toEqual(person('c'));
    expect(get).not.toHaveBeenCalled();
  });

  it('lets lists that ask at the same moment share one read', async () => {
    const client = createQueryClient();
    const { backend, getMany } = fakeBackend();

    const [participants, roster, marks] = await Promise.all([
      client.fetchQuery(list('participants', ['a', 'b'], backend)),
      client.fetchQuery(list('roster', ['b', 'a', 'c'], backend)),
      client.fetchQuery(list('marks', ['c', 'a'], backend)),
    ]);

    expect(participants.map((p) => p.id)).toEqual(['a', 'b']);
    expect(roster.map((p) => p.id)).toEqual(['b', 'a', 'c']);
    expect(marks.map((p) => p.id)).toEqual(['c', 'a']);
    expect(getMany.mock.calls).toEqual([[['a', 'b']], [['c']]]);
  });

  it('remembers that a person has no profile, and leaves them out', async () => {
    const client = createQueryClient();
    const { backend, getMany } = fakeBackend();

    expect((await client.fetchQuery(list('one', ['d', 'a'], backend))).map((p) => p.id)).toEqual([
      'a',
    ]);
    expect((await client.fetchQuery(list('two', ['a', 'd'], backend))).map((p) => p.id)).toEqual([
      'a',
    ]);
    expect(client.getQueryData(profileKey('d'))).toBeNull();
    expect(getMany).toHaveBeenCalledTimes(1);
  });

  it('reads again a person whose entry was invalidated (a saved profile)', async () => {
    const client = createQueryClient();
    const { backend, getMany } = fakeBackend();
    await client.fetchQuery(list('one', ['a', 'b'], backend));

    await client.invalidateQueries({ queryKey: profileKey('b') });
    await client.fetchQuery(list('two', ['a', 'b'], backend));

    expect(getMany.mock.calls).toEqual([[['a', 'b']], [['b']]]);
  });

  it('reads again an entry older than the fresh time, and one restored from storage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = createQueryClient();
    const { backend, getMany } = fakeBackend();
    // As the persister restores it: written before this client started.
    client.setQueryData(profileKey('c'), person('c'), { updatedAt: Date.now() - 1 });
    await client.fetchQuery(list('one', ['a', 'c'], backend));
    expect(getMany.mock.calls).toEqual([[['a', 'c']]]);

    vi.setSystemTime(Date.now() + QUERY_STALE_TIME_MS + 1);
    await client.fetchQuery(list('two', ['a'], backend));
    expect(getMany.mock.calls).toEqual([[['a', 'c']], [['a']]]);
  });

  it('fails the list, and keeps no entry, when the read fails', async () => {
    const client = createQueryClient();
    const { backend, getMany } = fakeBackend();
    getMany.mockRejectedValueOnce(new Error('unavailable'));

    await expect(
      client.fetchQuery({ ...list('one', ['a'], backend), retry: false }),
    ).rejects.toThrow('unavailable');
    expect(client.getQueryData(profileKey('a'))).toBeUndefined();
    expect((await client.fetchQuery(list('one', ['a'], backend))).map((p) => p.id)).toEqual(['a']);
  });
});
