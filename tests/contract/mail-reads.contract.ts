import { describe, expect, it } from 'vitest';
import { EVENT_MAIL_REQUESTERS_LIMIT } from '@mail/handlers/event-change-mail';
import { DEFAULT_EMAIL_SETTINGS } from '@mail/policy';
import type { MailReads } from '@/data/local/local-api';
import { useHarness } from './support';

/**
 * What the mail handlers read is written twice: on the local database for the local backend
 * (localMailReads, src/data/local/local-api.ts) and on the Admin SDK for the Cloud Functions
 * (createFirestoreReads, functions/src/firestore-deps.ts). This suite holds both to the same
 * answers for the same stored documents.
 */
export interface MailReadsHarness {
  reads: MailReads;
  /** Writes a document as the app stores it (dates as Date). */
  put(path: string, data: Record<string, unknown>): Promise<void>;
  dispose(): Promise<void>;
}

const DAY = new Date('2030-05-10T15:00:00Z');
const UPDATED = new Date('2030-05-01T03:00:00Z');

const event = {
  title: '週末フットサル',
  description: '',
  sportType: 'フットサル',
  location: '代々木公園',
  region: '関東',
  level: '誰でも',
  organizerId: 'org',
  organizerName: '山田 太郎',
  organizerPhotoURL: '',
  participants: ['alice'],
  waitlist: ['bob'],
  status: 'open',
  entryMethod: 'approval',
  date: DAY,
  startTime: '10:00',
  endTime: '12:00',
  fee: 500,
  capacity: 10,
  imageURL: '',
  imagePath: '',
  createdAt: UPDATED,
  updatedAt: UPDATED,
};

export function mailReadsContract(make: () => Promise<MailReadsHarness>): void {
  describe('mail reads', () => {
    const harness = useHarness(make);
    const reads = () => harness().reads;

    it('reads an event as stored, and nothing for a missing one or an id that is a path', async () => {
      await harness().put('events/e1', event);
      expect(await reads().getEvent('e1')).toMatchObject({
        id: 'e1',
        organizerId: 'org',
        organizerName: '山田 太郎',
        title: '週末フットサル',
        date: DAY,
        startTime: '10:00',
        endTime: '12:00',
        location: '代々木公園',
        status: 'open',
        participants: ['alice'],
        waitlist: ['bob'],
        entryMethod: 'approval',
        staffCancelReason: '',
        lastChange: null,
        updatedAt: UPDATED,
      });
      expect(await reads().getEvent('missing')).toBeNull();
      expect(await reads().getEvent('e1/x')).toBeNull();
    });

    it('lists the pending requesters of one event, at most the mail cap', async () => {
      const put = (id: string, eventId: string, status: string) =>
        harness().put(`participationRequests/${id}`, {
          eventId,
          userId: id,
          status,
          message: '',
          fromWaitlist: false,
          createdAt: UPDATED,
        });
      await put('p1', 'e1', 'pending');
      await put('p2', 'e1', 'pending');
      await put('a1', 'e1', 'approved');
      await put('o1', 'e2', 'pending');
      expect((await reads().getPendingRequesters('e1')).sort()).toEqual(['p1', 'p2']);
      expect(await reads().getPendingRequesters('none')).toEqual([]);
      expect(EVENT_MAIL_REQUESTERS_LIMIT).toBeGreaterThan(2);
    });

    it('reads a request, a notification, a conversation and its message', async () => {
      const h = harness();
      await h.put('participationRequests/e1_alice', {
        eventId: 'e1',
        userId: 'alice',
        status: 'approved',
        message: '',
        fromWaitlist: true,
        createdAt: UPDATED,
      });
      await h.put('notifications/n1', {
        userId: 'alice',
        type: 'participation_approved',
        title: '',
        message: '',
        read: false,
        data: { eventId: 'e1' },
        timestamp: UPDATED,
      });
      await h.put('conversations/c1', {
        participants: ['alice', 'bob'],
        lastMessage: '',
        updatedAt: UPDATED,
      });
      await h.put('conversations/c1/messages/m1', {
        senderId: 'bob',
        content: 'こんにちは',
        read: false,
        timestamp: UPDATED,
      });

      expect(await reads().getRequest('e1_alice')).toEqual({
        id: 'e1_alice',
        userId: 'alice',
        eventId: 'e1',
        status: 'approved',
        fromWaitlist: true,
      });
      expect(await reads().getRequest('missing')).toBeNull();
      expect(await reads().getNotification('n1')).toEqual({
        userId: 'alice',
        type: 'participation_approved',
        data: { eventId: 'e1' },
        createdAt: UPDATED,
      });
      expect(await reads().getNotification('missing')).toBeNull();
      expect(await reads().getConversation('c1')).toEqual({
        id: 'c1',
        participants: ['alice', 'bob'],
      });
      expect(await reads().getConversation('missing')).toBeNull();
      expect(await reads().getMessage('c1', 'm1')).toEqual({
        id: 'm1',
        senderId: 'bob',
        read: false,
      });
      expect(await reads().getMessage('c2', 'm1')).toBeNull();
    });

    it('reads a person’s standing, name and mail settings, with the defaults when unset', async () => {
      const h = harness();
      const user = {
        displayName: '  佐藤 花子 ',
        photoURL: '',
        isActive: true,
        createdAt: UPDATED,
      };
      await h.put('users/alice', user);
      await h.put('users/bob', { ...user, displayName: ' ', isActive: false });
      await h.put('users/alice/private/settings', { mail: { unreadMessages: false } });

      expect(await reads().isSuspended('alice')).toBe(false);
      expect(await reads().isSuspended('bob')).toBe(true);
      expect(await reads().getDisplayName('alice')).toBe('佐藤 花子');
      expect(await reads().getDisplayName('bob')).toBeNull();
      expect(await reads().getDisplayName('nobody')).toBeNull();
      expect(await reads().getEmailSettings('alice')).toEqual({
        ...DEFAULT_EMAIL_SETTINGS,
        unreadMessages: false,
      });
      expect(await reads().getEmailSettings('bob')).toEqual(DEFAULT_EMAIL_SETTINGS);
    });
  });
}
