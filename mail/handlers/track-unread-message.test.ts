import { describe, expect, it } from 'vitest';
import {
  handleTrackUnreadMessage,
  TRACK_UNREAD_CALLER_LIMIT,
  TRACK_UNREAD_MAIL_LIMIT,
} from './track-unread-message.js';
import { BASE_URL, fakeDeps, ORGANIZER, post, REQUESTER, STRANGER, world } from '../test/fakes.js';

const CONVERSATION = `${ORGANIZER}_${REQUESTER}`;

/** The requester wrote to the organizer. */
const ping = (over: Record<string, unknown> = {}) => ({
  recipientId: ORGANIZER,
  senderId: REQUESTER,
  messageId: 'msg-from-requester',
  conversationId: CONVERSATION,
  ...over,
});

const asRequester = (body: unknown) => post(body, 'requester-token');

describe('POST /api/track-unread-message', () => {
  describe('method and authentication', () => {
    it('answers 403 to a suspended sender and mails nothing', async () => {
      const w = world();
      w.suspended.push(REQUESTER);
      const { deps, sent } = fakeDeps(w);
      const res = await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('account_suspended');
      expect(sent).toHaveLength(0);
      const active = fakeDeps();
      expect((await handleTrackUnreadMessage(asRequester(ping()), active.deps)).status).toBe(200);
    });

    it('answers 405 to anything but POST', async () => {
      const { deps } = fakeDeps();
      const res = await handleTrackUnreadMessage({ ...asRequester(ping()), method: 'GET' }, deps);
      expect(res.status).toBe(405);
      expect(res.headers).toEqual({ Allow: 'POST' });
    });

    it('answers 401 without a bearer token', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(post(ping(), null), deps);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthenticated');
      expect(sent).toHaveLength(0);
    });

    it('answers 401 when the ID token does not verify', async () => {
      const { deps } = fakeDeps();
      const res = await handleTrackUnreadMessage(post(ping(), 'expired-token'), deps);
      expect(res.status).toBe(401);
    });
  });

  describe('body validation', () => {
    it.each([
      ['no body', undefined],
      ['a string', 'hello'],
      ['no conversationId', ping({ conversationId: undefined })],
      ['no messageId', ping({ messageId: '' })],
      ['a numeric recipientId', ping({ recipientId: 1 })],
    ])('answers 400 with the issues for %s', async (_name, body) => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(asRequester(body), deps);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_body');
      expect((res.body.issues as unknown[]).length).toBeGreaterThan(0);
      expect(sent).toHaveLength(0);
    });
  });

  describe('who may cause the mail', () => {
    it('answers 403 when senderId is not the caller', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(post(ping(), 'organizer-token'), deps);
      expect(res.status).toBe(403);
      expect(sent).toHaveLength(0);
    });

    it('answers 403 when the caller names themself as the recipient', async () => {
      const { deps } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        asRequester(ping({ recipientId: REQUESTER })),
        deps,
      );
      expect(res.status).toBe(403);
    });

    it('answers 403 when the conversation does not exist', async () => {
      const { deps } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        asRequester(ping({ conversationId: 'missing' })),
        deps,
      );
      expect(res.status).toBe(403);
    });

    it('answers 403 when the caller does not take part in the conversation', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        post(ping({ senderId: STRANGER }), 'stranger-token'),
        deps,
      );
      expect(res.status).toBe(403);
      expect(sent).toHaveLength(0);
    });

    it('answers 403 when the recipient is not the other participant', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        asRequester(ping({ recipientId: STRANGER })),
        deps,
      );
      expect(res.status).toBe(403);
      expect(sent).toHaveLength(0);
    });

    it('answers 403 when the message does not exist', async () => {
      const { deps } = fakeDeps();
      const res = await handleTrackUnreadMessage(asRequester(ping({ messageId: 'missing' })), deps);
      expect(res.status).toBe(403);
    });

    it('answers 403 when the message was written by the other participant', async () => {
      const { deps } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        asRequester(ping({ messageId: 'msg-from-organizer' })),
        deps,
      );
      expect(res.status).toBe(403);
    });
  });

  describe('mail', () => {
    it('mails the recipient’s own address in Japanese, ignoring the address and name the client sent', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        asRequester(ping({ recipientEmail: 'attacker@evil.example', senderName: '運営事務局' })),
        deps,
      );
      expect(res).toEqual({ status: 200, body: { sent: true } });
      expect(sent).toHaveLength(1);
      const mail = sent[0]!;
      expect(mail.to).toBe('organizer@example.jp');
      expect(mail.subject).toBe(
        '【スポーツコミュニティ】佐藤花子さんから新しいメッセージが届いています',
      );
      expect(mail.text).toContain('佐藤花子さんから新しいメッセージが届いています。');
      expect(mail.text).toContain(`${BASE_URL}/messages/${CONVERSATION}`);
      expect(mail.text).not.toContain('運営事務局');
    });

    it('names the sender ユーザー when they have no display name', async () => {
      const w = world();
      delete w.names[REQUESTER];
      const { deps, sent } = fakeDeps(w);
      await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(sent[0]!.subject).toBe(
        '【スポーツコミュニティ】ユーザーさんから新しいメッセージが届いています',
      );
    });

    it('does not mail about a message that has already been read', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleTrackUnreadMessage(
        asRequester(ping({ messageId: 'msg-read' })),
        deps,
      );
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'already_read' } });
      expect(sent).toHaveLength(0);
    });

    it('does not mail a recipient who turned message mail off', async () => {
      const w = world();
      w.settings[ORGANIZER] = { unreadMessages: false };
      const { deps, sent } = fakeDeps(w);
      const res = await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'opted_out' } });
      expect(sent).toHaveLength(0);
    });

    it('still mails when only event mail is turned off', async () => {
      const w = world();
      w.settings[ORGANIZER] = { participationApproved: false, participationRejected: false };
      const { deps, sent } = fakeDeps(w);
      await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(sent).toHaveLength(1);
    });

    it('mails the recipient’s verified Auth address, not the body’s', async () => {
      const { deps, sent } = fakeDeps();
      await handleTrackUnreadMessage(
        asRequester(ping({ recipientEmail: 'attacker@evil.example' })),
        deps,
      );
      expect(sent.map((m) => m.to)).toEqual(['organizer@example.jp']);
    });

    it('mails nobody when the recipient’s Auth address is not verified', async () => {
      const w = world();
      w.authUsers[ORGANIZER] = {
        email: 'organizer@example.jp',
        emailVerified: false,
        disabled: false,
      };
      const { deps, sent } = fakeDeps(w);
      const res = await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'no_verified_email' } });
      expect(sent).toHaveLength(0);
    });

    it('answers 502 when the transport fails', async () => {
      const { deps } = fakeDeps();
      deps.sendMail = async () => {
        throw new Error('smtp down');
      };
      const res = await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(res.status).toBe(502);
    });
  });

  describe('throttling', () => {
    it('sends at most one mail per conversation and recipient every 15 minutes', async () => {
      const { deps, sent, advance } = fakeDeps();
      expect((await handleTrackUnreadMessage(asRequester(ping()), deps)).body).toEqual({
        sent: true,
      });

      advance(TRACK_UNREAD_MAIL_LIMIT.windowMs - 1);
      const again = await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(again).toEqual({ status: 200, body: { sent: false, reason: 'throttled' } });
      expect(sent).toHaveLength(1);

      advance(1);
      expect((await handleTrackUnreadMessage(asRequester(ping()), deps)).body).toEqual({
        sent: true,
      });
      expect(sent).toHaveLength(2);
    });

    it('throttles each direction of a conversation on its own', async () => {
      const { deps, sent } = fakeDeps();
      await handleTrackUnreadMessage(asRequester(ping()), deps);
      const reply = await handleTrackUnreadMessage(
        post(
          ping({ recipientId: REQUESTER, senderId: ORGANIZER, messageId: 'msg-from-organizer' }),
          'organizer-token',
        ),
        deps,
      );
      expect(reply.body).toEqual({ sent: true });
      expect(sent.map((m) => m.to)).toEqual(['organizer@example.jp', 'requester@example.jp']);
    });

    it('answers 429 once a caller exceeds the per-caller limit', async () => {
      const { deps } = fakeDeps();
      for (let i = 0; i < TRACK_UNREAD_CALLER_LIMIT.limit; i++) {
        expect((await handleTrackUnreadMessage(asRequester(ping()), deps)).status).toBe(200);
      }
      const limited = await handleTrackUnreadMessage(asRequester(ping()), deps);
      expect(limited.status).toBe(429);
      expect(limited.headers?.['Retry-After']).toBe(
        String(TRACK_UNREAD_CALLER_LIMIT.windowMs / 1000),
      );
    });
  });
});
