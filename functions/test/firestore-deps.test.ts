import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '../../mail/policy.js';
import { createFirestoreReads } from '../src/firestore-deps.js';

function fakeDb(docs: Record<string, Record<string, unknown>>) {
  const paths: string[] = [];
  const db = {
    doc: (path: string) => ({
      get: async () => {
        paths.push(path);
        const data = docs[path];
        return { exists: data !== undefined, data: () => data };
      },
    }),
  };
  return { reads: createFirestoreReads(db as unknown as Firestore), paths };
}

describe('Firestore reads', () => {
  it('reads the display name from the public profile', async () => {
    const { reads } = fakeDb({ 'users/u1': { displayName: ' 花子 ' } });
    expect(await reads.getDisplayName('u1')).toBe('花子');
    expect(await reads.getDisplayName('u2')).toBeNull();
  });

  it('reads the mail switches of private/settings; only an explicit false turns a kind off', async () => {
    const { reads } = fakeDb({
      'users/a/private/settings': { mail: { participationApproved: false } },
      'users/b/private/settings': {
        mail: { unreadMessages: false, participationRejected: 'no' },
      },
      'users/c/private/settings': { mail: 'off', participationApproved: false },
    });
    const all = DEFAULT_EMAIL_SETTINGS;
    expect(await reads.getEmailSettings('a')).toEqual({ ...all, participationApproved: false });
    expect(await reads.getEmailSettings('b')).toEqual({ ...all, unreadMessages: false });
    expect(await reads.getEmailSettings('c')).toEqual(all);
    expect(await reads.getEmailSettings('none')).toEqual(all);
  });

  it('counts an account suspended only on an explicit isActive false', async () => {
    const { reads } = fakeDb({
      'users/off': { isActive: false },
      'users/on': { isActive: true },
      'users/odd': { isActive: 'false' },
      'users/legacy': { displayName: '旧' },
    });
    expect(await reads.isSuspended('off')).toBe(true);
    expect(await reads.isSuspended('on')).toBe(false);
    expect(await reads.isSuspended('odd')).toBe(false);
    expect(await reads.isSuspended('legacy')).toBe(false);
    expect(await reads.isSuspended('missing')).toBe(false);
  });

  it('maps an event with its Timestamp day and tolerates missing fields', async () => {
    const date = Timestamp.fromDate(new Date('2024-05-09T15:00:00Z'));
    const { reads } = fakeDb({
      'events/e1': { organizerId: 'o', title: 'T', date, location: 'L', participants: [] },
    });
    expect(await reads.getEvent('e1')).toEqual({
      id: 'e1',
      organizerId: 'o',
      title: 'T',
      date: new Date('2024-05-09T15:00:00Z'),
      startTime: '',
      endTime: '',
      location: 'L',
      organizerName: '',
      status: '',
      participants: [],
      staffCancelReason: '',
      lastChange: null,
      updatedAt: null,
      waitlist: [],
      entryMethod: '',
      createdAt: null,
      teamId: '',
      teamName: '',
    });
  });

  it("reads an event's change record, with its dates", async () => {
    const at = Timestamp.fromDate(new Date('2024-05-01T03:00:00Z'));
    const day = Timestamp.fromDate(new Date('2024-04-29T15:00:00Z'));
    const before = { date: day, startTime: '09:00', endTime: '11:00', location: 'X' };
    const { reads } = fakeDb({
      'events/e1': { organizerId: 'o', participants: ['a', 3], lastChange: { seq: 2, before, at } },
    });
    expect(await reads.getEvent('e1')).toMatchObject({
      participants: ['a'],
      lastChange: {
        seq: 2,
        before: { ...before, date: day.toDate() },
        at: at.toDate(),
      },
    });
  });

  it('maps requests, notifications, conversations and messages', async () => {
    const at = Timestamp.fromDate(new Date('2024-05-01T03:00:00Z'));
    const { reads } = fakeDb({
      'participationRequests/r1': { userId: 'u', eventId: 'e', status: 'approved' },
      'participationRequests/r2': {
        userId: 'u',
        eventId: 'e',
        status: 'pending',
        fromWaitlist: true,
      },
      'notifications/n1': { userId: 'u', type: 'waitlist_promoted', data: { a: 1 }, timestamp: at },
      'notifications/n2': { userId: 'u', type: 'waitlist_promoted' },
      'conversations/a_b': { participants: ['a', 'b', 3] },
      'conversations/a_b/messages/m1': { senderId: 'a', read: true },
    });
    expect(await reads.getRequest('r1')).toEqual({
      id: 'r1',
      userId: 'u',
      eventId: 'e',
      status: 'approved',
      fromWaitlist: false,
    });
    expect(await reads.getRequest('r2')).toMatchObject({ fromWaitlist: true });
    expect(await reads.getNotification('n1')).toEqual({
      userId: 'u',
      type: 'waitlist_promoted',
      data: { a: 1 },
      createdAt: at.toDate(),
    });
    expect(await reads.getNotification('n2')).toMatchObject({ data: {}, createdAt: null });
    expect(await reads.getConversation('a_b')).toEqual({ id: 'a_b', participants: ['a', 'b'] });
    expect(await reads.getMessage('a_b', 'm1')).toEqual({ id: 'm1', senderId: 'a', read: true });
  });

  it('never reads another path through an id with a slash or a reserved id', async () => {
    const { reads, paths } = fakeDb({ 'users/victim/private/account': { email: 'v@example.jp' } });
    expect(await reads.getRequest('x/../users/victim')).toBeNull();
    expect(await reads.getConversation('victim/private')).toBeNull();
    expect(await reads.getDisplayName('..')).toBeNull();
    expect(await reads.getEvent('__name__')).toBeNull();
    expect(paths).toEqual([]);
  });
});
