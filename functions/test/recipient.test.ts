import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { createAuthRecipients, createFirestoreReads } from '../src/firestore-deps.js';
import { handleSendEmail } from '../../mail/handlers/send-email.js';
import { handleTrackUnreadMessage } from '../../mail/handlers/track-unread-message.js';
import { MAIL_RECIPIENT_LIMIT } from '../../mail/policy.js';
import { fakeDeps, ORGANIZER, post, REQUESTER, world } from '../../mail/test/fakes.js';

/** Firestore documents behind createFirestoreReads, as the Admin SDK returns them. */
function fakeDb(docs: Record<string, Record<string, unknown>>): Firestore {
  return {
    doc: (path: string) => ({
      get: async () => ({ exists: docs[path] !== undefined, data: () => docs[path] }),
    }),
  } as unknown as Firestore;
}

/** The Auth service's accounts behind createAuthRecipients. */
function fakeAuth(users: Record<string, Partial<UserRecord>>): Pick<Auth, 'getUser'> {
  return {
    getUser: async (uid: string) => {
      const user = users[uid];
      if (!user) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      return { uid, emailVerified: false, disabled: false, ...user } as UserRecord;
    },
  };
}

const approval = {
  type: 'event_approved',
  recipientId: REQUESTER,
  requestId: `event-1_${REQUESTER}`,
  eventId: 'event-1',
};

/** The production reads (Firestore documents + Auth accounts) under the handler. */
function production(authUsers: Record<string, Partial<UserRecord>>) {
  const fake = fakeDeps();
  const db = fakeDb({
    'events/event-1': { organizerId: ORGANIZER, title: '週末フットサル', location: '代々木公園' },
    [`participationRequests/event-1_${REQUESTER}`]: {
      userId: REQUESTER,
      eventId: 'event-1',
      status: 'approved',
    },
    // Written by its owner through the client: an address the Auth service never verified.
    [`users/${REQUESTER}/private/account`]: { email: 'attacker@evil.example' },
    [`users/${REQUESTER}`]: { displayName: '佐藤花子', email: 'attacker@evil.example' },
  });
  Object.assign(fake.deps, createFirestoreReads(db), createAuthRecipients(fakeAuth(authUsers)));
  return fake;
}

describe('the recipient’s address (docs/security.md "Mail")', () => {
  it('is the verified Auth address, not the one the owner wrote into private/account', async () => {
    const { deps, sent } = production({
      [REQUESTER]: { email: 'requester@example.jp', emailVerified: true },
    });
    const res = await handleSendEmail(
      post({ ...approval, recipientEmail: 'attacker@evil.example' }),
      deps,
    );
    expect(res.body).toEqual({ sent: true });
    expect(sent.map((m) => m.to)).toEqual(['requester@example.jp']);
  });

  it('is nobody’s while the Auth service has not verified it', async () => {
    const { deps, sent } = production({
      [REQUESTER]: { email: 'requester@example.jp', emailVerified: false },
    });
    const res = await handleSendEmail(post(approval), deps);
    expect(res.body).toEqual({ sent: false, reason: 'no_verified_email' });
    expect(sent).toHaveLength(0);
  });

  it('is nobody’s for a uid without an Auth account, or a disabled one', async () => {
    const recipients = createAuthRecipients(
      fakeAuth({ off: { email: 'off@example.jp', emailVerified: true, disabled: true } }),
    );
    expect(await recipients.getAuthRecipient('missing')).toBeNull();
    expect(await recipients.getAuthRecipient('a/b')).toBeNull();
    expect(await recipients.getAuthRecipient('off')).toEqual({
      email: 'off@example.jp',
      emailVerified: true,
      disabled: true,
    });
    const { deps, sent } = production({});
    expect((await handleSendEmail(post(approval), deps)).body).toEqual({
      sent: false,
      reason: 'no_verified_email',
    });
    expect(sent).toHaveLength(0);
  });

  it('lets an Auth failure other than "no such user" surface (500 and a log, not a silent skip)', async () => {
    const recipients = createAuthRecipients({
      getUser: async () => {
        throw Object.assign(new Error('quota'), { code: 'auth/internal-error' });
      },
    });
    await expect(recipients.getAuthRecipient('u')).rejects.toThrow('quota');
  });
});

describe('the per-recipient limit (docs/security.md "Rate limits")', () => {
  it('is stated as a named constant', () => {
    expect(MAIL_RECIPIENT_LIMIT).toEqual({ limit: 20, windowMs: 60 * 60_000 });
  });

  it('stops mail to one recipient from many conversations and callers, across both functions, until the window ends', async () => {
    const w = world();
    // Many senders, each in their own conversation with the organizer, each message unread.
    const senders = Array.from({ length: MAIL_RECIPIENT_LIMIT.limit + 2 }, (_, i) => `s${i}`);
    for (const s of senders) {
      w.tokens[`${s}-token`] = s;
      w.conversations[`c-${s}`] = { id: `c-${s}`, participants: [s, ORGANIZER] };
      w.messages[`m-${s}`] = { id: `m-${s}`, senderId: s, read: false };
    }
    const { deps, sent, advance } = fakeDeps(w);
    const ping = (s: string) =>
      post(
        { recipientId: ORGANIZER, senderId: s, messageId: `m-${s}`, conversationId: `c-${s}` },
        `${s}-token`,
      );
    const answers = [];
    for (const s of senders) answers.push((await handleTrackUnreadMessage(ping(s), deps)).body);
    expect(sent).toHaveLength(MAIL_RECIPIENT_LIMIT.limit);
    expect(answers.slice(MAIL_RECIPIENT_LIMIT.limit)).toEqual([
      { sent: false, reason: 'recipient_throttled' },
      { sent: false, reason: 'recipient_throttled' },
    ]);

    // A fresh caller in a fresh conversation is refused too: the limit is the recipient's.
    const other = await handleTrackUnreadMessage(
      post(
        {
          recipientId: ORGANIZER,
          senderId: REQUESTER,
          messageId: 'msg-from-requester',
          conversationId: `${ORGANIZER}_${REQUESTER}`,
        },
        'requester-token',
      ),
      deps,
    );
    expect(other.body).toEqual({ sent: false, reason: 'recipient_throttled' });
    // Another recipient is not affected.
    const toRequester = await handleSendEmail(
      post({
        type: 'event_approved',
        recipientId: REQUESTER,
        requestId: 'req-approved',
        eventId: 'event-1',
      }),
      deps,
    );
    expect(toRequester.body).toEqual({ sent: true });

    // Once the window has passed, the recipient gets mail again.
    advance(MAIL_RECIPIENT_LIMIT.windowMs);
    const again = await handleTrackUnreadMessage(ping(senders[0]!), deps);
    expect(again.body).toEqual({ sent: true });
  });
});
