import { describe, expect, it } from 'vitest';
import {
  handleSendEmail,
  PROMOTION_MAIL_WINDOW_MS,
  SEND_EMAIL_CALLER_LIMIT,
} from './send-email.js';
import { BASE_URL, fakeDeps, post, REQUESTER, world, type World } from '../test/fakes.js';

/** The body the app sends (src/data/ports/api.ts); `over` adds what an older or forged one might. */
const approval = (over: Record<string, unknown> = {}) => ({
  type: 'event_approved',
  recipientId: REQUESTER,
  requestId: 'req-approved',
  ...over,
});

const rejection = (over: Record<string, unknown> = {}) => ({
  type: 'event_rejected',
  recipientId: REQUESTER,
  requestId: 'req-rejected',
  ...over,
});

describe('POST /api/notifications/send-email', () => {
  describe('method and authentication', () => {
    it.each(['GET', 'PUT', 'DELETE'])('answers 405 with Allow: POST to %s', async (method) => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail({ ...post(approval()), method }, deps);
      expect(res.status).toBe(405);
      expect(res.headers).toEqual({ Allow: 'POST' });
      expect(res.body.error).toBe('method_not_allowed');
      expect(sent).toHaveLength(0);
    });

    it('answers 401 when there is no Authorization header', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(post(approval(), null), deps);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthenticated');
      expect(sent).toHaveLength(0);
    });

    it.each([['Basic b3JnYW5pemVy'], ['Bearer'], ['Bearer '], ['organizer-token']])(
      'answers 401 to the malformed header %j',
      async (authorization) => {
        const { deps } = fakeDeps();
        const res = await handleSendEmail(
          { method: 'POST', headers: { authorization }, body: approval() },
          deps,
        );
        expect(res.status).toBe(401);
      },
    );

    it('answers 403 to a suspended caller and mails nothing', async () => {
      const w = world();
      w.suspended.push('organizer-uid');
      const { deps, sent, logs } = fakeDeps(w);
      const res = await handleSendEmail(post(approval()), deps);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('account_suspended');
      expect(sent).toHaveLength(0);
      expect(logs.some((l) => l.message === 'send-email refused: account suspended')).toBe(true);
      // The same call from an active organizer goes out.
      const active = fakeDeps();
      expect((await handleSendEmail(post(approval()), active.deps)).status).toBe(200);
      expect(active.sent).toHaveLength(1);
    });

    it('answers 401 when the ID token does not verify', async () => {
      const { deps, sent, logs } = fakeDeps();
      const res = await handleSendEmail(post(approval(), 'forged-token'), deps);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'unauthenticated' });
      expect(logs.some((l) => l.level === 'warn' && l.message === 'rejected an ID token')).toBe(
        true,
      );
      expect(sent).toHaveLength(0);
    });

    it('accepts the scheme in any case and the header under any capitalisation', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(
        { method: 'POST', headers: { Authorization: 'bearer organizer-token' }, body: approval() },
        deps,
      );
      expect(res.status).toBe(200);
      expect(sent).toHaveLength(1);
    });
  });

  describe('body validation', () => {
    it.each([
      ['no body', undefined],
      ['an array', []],
      ['an unknown type', approval({ type: 'event_cancelled' })],
      ['an approval without requestId', approval({ requestId: undefined })],
      ['an unknown type', approval({ type: 'event_cancelled' })],
      ['a rejection without recipientId', rejection({ recipientId: undefined })],
      ['an empty recipientId', approval({ recipientId: '  ' })],
    ])('answers 400 with the issues for %s', async (_name, body) => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(post(body), deps);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_body');
      expect(Array.isArray(res.body.issues)).toBe(true);
      expect((res.body.issues as unknown[]).length).toBeGreaterThan(0);
      expect(sent).toHaveLength(0);
    });

    it('names the offending field in the issues', async () => {
      const { deps } = fakeDeps();
      const res = await handleSendEmail(post(approval({ requestId: 7 })), deps);
      expect(res.body.issues).toEqual([expect.objectContaining({ path: 'requestId' })]);
    });
  });

  describe('who may cause the mail', () => {
    it('answers 403 when the caller is not the organizer of the event', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(post(approval(), 'stranger-token'), deps);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden');
      expect(sent).toHaveLength(0);
    });

    it('answers 403 when the requester tries to mail themself an approval', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(post(approval(), 'requester-token'), deps);
      expect(res.status).toBe(403);
      expect(sent).toHaveLength(0);
    });

    it('answers 403 when the request does not exist', async () => {
      const { deps } = fakeDeps();
      const res = await handleSendEmail(post(approval({ requestId: 'nope' })), deps);
      expect(res.status).toBe(403);
    });

    it('answers 403 when the request belongs to another user than recipientId', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(post(approval({ recipientId: 'someone-else' })), deps);
      expect(res.status).toBe(403);
      expect(sent).toHaveLength(0);
    });

    it("answers 403 for a request of another organizer's event, even naming that event", async () => {
      const { deps } = fakeDeps();
      const res = await handleSendEmail(
        post(approval({ requestId: 'req-other-event', eventId: 'event-2' })),
        deps,
      );
      expect(res.status).toBe(403);
    });

    it('answers 403 when the event of the request no longer exists', async () => {
      const w = world();
      delete w.events['event-1'];
      const { deps } = fakeDeps(w);
      const res = await handleSendEmail(post(approval()), deps);
      expect(res.status).toBe(403);
    });

    it.each(['req-pending', 'req-rejected'])(
      'answers 403 to an approval mail for the request %s',
      async (requestId) => {
        const { deps, sent } = fakeDeps();
        const res = await handleSendEmail(post(approval({ requestId })), deps);
        expect(res.status).toBe(403);
        expect(sent).toHaveLength(0);
      },
    );

    it.each(['req-pending', 'req-approved'])(
      'answers 403 to a rejection mail for the request %s',
      async (requestId) => {
        const { deps, sent } = fakeDeps();
        const res = await handleSendEmail(post(rejection({ requestId })), deps);
        expect(res.status).toBe(403);
        expect(sent).toHaveLength(0);
      },
    );
  });

  describe('approval mail', () => {
    it('mails the address looked up from recipientId, ignoring the address the client sent', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(
        post(approval({ recipientEmail: 'attacker@evil.example' })),
        deps,
      );
      expect(res).toEqual({ status: 200, body: { sent: true } });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toBe('requester@example.jp');
    });

    it('mails when an older client still sends an empty recipientEmail', async () => {
      const { deps, sent } = fakeDeps();
      expect((await handleSendEmail(post(approval({ recipientEmail: '' })), deps)).status).toBe(
        200,
      );
      expect(sent[0]!.to).toBe('requester@example.jp');
    });

    it('writes the event from Firestore in Japanese with the day, time, place and a link', async () => {
      const { deps, sent } = fakeDeps();
      await handleSendEmail(
        post(approval({ eventTitle: '偽のタイトル', eventLocation: 'http://phish.example' })),
        deps,
      );
      const mail = sent[0]!;
      expect(mail.subject).toBe(
        '【スポーツコミュニティ】「週末フットサル」への参加が承認されました',
      );
      expect(mail.text).toContain('参加リクエストが主催者に承認されました。');
      expect(mail.text).toContain('イベント: 週末フットサル');
      expect(mail.text).toContain('開催日時: 2024年5月10日(金) 10:00〜12:00');
      expect(mail.text).toContain('場所: 代々木公園');
      expect(mail.text).toContain(`${BASE_URL}/events/event-1`);
      expect(mail.text).toContain(`${BASE_URL}/email-settings`);
      expect(mail.text).not.toContain('偽のタイトル');
      expect(mail.text).not.toContain('phish');
    });

    it('does not mail the same approval twice', async () => {
      const { deps, sent } = fakeDeps();
      await handleSendEmail(post(approval()), deps);
      const again = await handleSendEmail(post(approval()), deps);
      expect(again).toEqual({ status: 200, body: { sent: false, reason: 'duplicate' } });
      expect(sent).toHaveLength(1);
    });
  });

  describe('rejection mail', () => {
    it('mails the requester with the organizer’s current name and a link to other events', async () => {
      const { deps, sent } = fakeDeps();
      const res = await handleSendEmail(
        post(rejection({ recipientEmail: 'attacker@evil.example', organizerName: '偽名' })),
        deps,
      );
      expect(res).toEqual({ status: 200, body: { sent: true } });
      const mail = sent[0]!;
      expect(mail.to).toBe('requester@example.jp');
      expect(mail.subject).toBe(
        '【スポーツコミュニティ】「週末フットサル」への参加リクエストについて',
      );
      expect(mail.text).toContain('主催者（山田太郎さん）により今回は見送りとなりました。');
      expect(mail.text).toContain(`${BASE_URL}/events`);
      expect(mail.text).not.toContain('偽名');
    });

    it('falls back to the name stored on the event when the organizer has no profile name', async () => {
      const w = world();
      delete w.names['organizer-uid'];
      const { deps, sent } = fakeDeps(w);
      await handleSendEmail(post(rejection()), deps);
      expect(sent[0]!.text).toContain('主催者（山田（作成時）さん）');
    });
  });

  describe('recipient settings and address', () => {
    it('skips the approval mail when the recipient turned approval mail off (private/settings)', async () => {
      const w = world();
      w.settings[REQUESTER] = { participationApproved: false };
      const { deps, sent } = fakeDeps(w);
      const res = await handleSendEmail(post(approval()), deps);
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'opted_out' } });
      expect(sent).toHaveLength(0);
      // The rejection is its own kind: still mailed.
      expect((await handleSendEmail(post(rejection()), deps)).body).toEqual({ sent: true });
    });

    it('skips the rejection mail when the recipient turned rejection mail off', async () => {
      const w = world();
      w.settings[REQUESTER] = { participationRejected: false };
      const { deps, sent } = fakeDeps(w);
      const res = await handleSendEmail(post(rejection()), deps);
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'opted_out' } });
      expect(sent).toHaveLength(0);
    });

    it('still mails an approval when only message mail is turned off', async () => {
      const w = world();
      w.settings[REQUESTER] = { unreadMessages: false };
      const { deps, sent } = fakeDeps(w);
      await handleSendEmail(post(approval()), deps);
      expect(sent).toHaveLength(1);
    });

    it('mails the address the Auth service verified, never the body’s', async () => {
      const { deps, sent } = fakeDeps();
      await handleSendEmail(post(approval({ recipientEmail: 'attacker@evil.example' })), deps);
      expect(sent.map((m) => m.to)).toEqual(['requester@example.jp']);
    });

    it('mails nobody when the recipient’s Auth address is not verified', async () => {
      const w = world();
      w.authUsers[REQUESTER] = {
        email: 'requester@example.jp',
        emailVerified: false,
        disabled: false,
      };
      const { deps, sent, logs } = fakeDeps(w);
      const res = await handleSendEmail(
        post(approval({ recipientEmail: 'requester@example.jp' })),
        deps,
      );
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'no_verified_email' } });
      expect(sent).toHaveLength(0);
      expect(
        logs.some((l) => l.message === 'mail skipped: recipient has no verified address'),
      ).toBe(true);
    });

    it.each([
      ['no Auth account', null],
      ['an account without an address', { email: null, emailVerified: true, disabled: false }],
      [
        'a disabled account',
        { email: 'requester@example.jp', emailVerified: true, disabled: true },
      ],
    ])('mails nobody for %s', async (_name, user) => {
      const w = world();
      if (user) w.authUsers[REQUESTER] = user;
      else delete w.authUsers[REQUESTER];
      const { deps, sent } = fakeDeps(w);
      const res = await handleSendEmail(post(approval()), deps);
      expect(res).toEqual({ status: 200, body: { sent: false, reason: 'no_verified_email' } });
      expect(sent).toHaveLength(0);
    });
  });

  describe('waitlist promotion mail', () => {
    /** The fake clock's start (fakes.ts). */
    const NOW = Date.parse('2024-05-01T03:00:00Z');
    const promoted = { type: 'waitlist_promoted', eventId: 'event-1', recipientId: REQUESTER };
    const NOTICE = `event-1_${REQUESTER}_waitlist_promoted`;

    /** event-1 after REQUESTER moved up `agoMs` ago: on 先着順 a seat, on 承認制 a request. */
    function movedUp(entryMethod: 'firstCome' | 'approval', agoMs = 30_000): World {
      const w = world();
      w.events['event-1'] = {
        ...w.events['event-1']!,
        entryMethod,
        participants: entryMethod === 'firstCome' ? [REQUESTER] : [],
      };
      w.notifications[NOTICE] = {
        userId: REQUESTER,
        type: 'waitlist_promoted',
        data: { eventId: 'event-1', participantId: REQUESTER },
        createdAt: new Date(NOW - agoMs),
      };
      w.requests[`event-1_${REQUESTER}`] = {
        id: `event-1_${REQUESTER}`,
        userId: REQUESTER,
        eventId: 'event-1',
        status: entryMethod === 'firstCome' ? 'approved' : 'pending',
        fromWaitlist: entryMethod !== 'firstCome',
      };
      return w;
    }

    it.each(['firstCome', 'approval'] as const)(
      'mails the person who just moved up on a %s event, whoever freed the seat',
      async (entryMethod) => {
        const { deps, sent } = fakeDeps(movedUp(entryMethod));
        const res = await handleSendEmail(post(promoted, 'stranger-token'), deps);
        expect(res.status).toBe(200);
        expect(sent).toHaveLength(1);
        expect(sent[0]).toMatchObject({ to: 'requester@example.jp' });
        expect(sent[0]!.subject).toContain(
          '「週末フットサル」のキャンセル待ちから繰り上がりました',
        );
      },
    );

    it('refuses a promotion that was not just written: an old notice, or one without a time', async () => {
      const old = fakeDeps(movedUp('firstCome', PROMOTION_MAIL_WINDOW_MS + 60_000));
      expect((await handleSendEmail(post(promoted), old.deps)).status).toBe(403);
      const w = movedUp('firstCome');
      w.notifications[NOTICE] = { ...w.notifications[NOTICE]!, createdAt: null };
      const timeless = fakeDeps(w);
      expect((await handleSendEmail(post(promoted), timeless.deps)).status).toBe(403);
      expect([...old.sent, ...timeless.sent]).toHaveLength(0);
    });

    it('refuses when the recipient does not hold what the move up gave them', async () => {
      // 先着順: not a participant.
      const noSeat = movedUp('firstCome');
      noSeat.events['event-1']!.participants = [];
      // 承認制: a pending request of their own, not one made by the move up.
      const ownRequest = movedUp('approval');
      ownRequest.requests[`event-1_${REQUESTER}`]!.fromWaitlist = false;
      // Still in line.
      const waiting = movedUp('firstCome');
      waiting.events['event-1']!.waitlist = [REQUESTER];
      for (const w of [noSeat, ownRequest, waiting]) {
        const { deps, sent } = fakeDeps(w);
        const res = await handleSendEmail(post(promoted), deps);
        expect(res.status).toBe(403);
        expect(sent).toHaveLength(0);
      }
    });

    it('refuses a recipient the notice is not for', async () => {
      const { deps, sent } = fakeDeps(movedUp('firstCome'));
      const res = await handleSendEmail(post({ ...promoted, recipientId: 'organizer-uid' }), deps);
      expect(res.status).toBe(403);
      expect(sent).toHaveLength(0);
    });
  });

  describe('throttling and failures', () => {
    it('answers 429 with Retry-After once a caller exceeds the limit, and recovers after the window', async () => {
      const { deps, advance } = fakeDeps();
      for (let i = 0; i < SEND_EMAIL_CALLER_LIMIT.limit; i++) {
        expect((await handleSendEmail(post(approval()), deps)).status).toBe(200);
      }
      const limited = await handleSendEmail(post(approval()), deps);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('rate_limited');
      expect(Number(limited.headers?.['Retry-After'])).toBeGreaterThan(0);

      // Another caller is not affected.
      expect((await handleSendEmail(post(approval(), 'stranger-token'), deps)).status).toBe(403);

      advance(SEND_EMAIL_CALLER_LIMIT.windowMs);
      expect((await handleSendEmail(post(approval()), deps)).status).toBe(200);
    });

    it('answers 502 and logs when the mail transport fails', async () => {
      const { deps, logs } = fakeDeps();
      deps.sendMail = async () => {
        throw new Error('ECONNREFUSED');
      };
      const res = await handleSendEmail(post(approval()), deps);
      expect(res.status).toBe(502);
      expect(res.body.error).toBe('mail_failed');
      expect(logs.some((l) => l.level === 'error' && l.data?.reason === 'ECONNREFUSED')).toBe(true);
    });
  });
});
