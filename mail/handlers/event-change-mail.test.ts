import { describe, expect, it } from 'vitest';
import { EVENT_MAIL_WINDOW_MS } from './event-change-mail.js';
import { handleSendEmail } from './send-email.js';
import { BASE_URL, fakeDeps, ORGANIZER, post, REQUESTER, STRANGER, world } from '../test/fakes.js';

const P2 = 'participant-2';
const PENDING = 'pending-uid';
const NOW = new Date('2024-05-01T03:00:00Z');

/** event-1 with two participants, one pending requester and a change record written just now. */
function changedWorld() {
  const w = world();
  w.events['event-1'] = {
    ...w.events['event-1']!,
    status: 'open',
    participants: [REQUESTER, P2],
    lastChange: {
      seq: 2,
      // 2024-04-30 in Japan, 09:00〜11:00 at another place.
      before: {
        date: new Date('2024-04-29T15:00:00Z'),
        startTime: '09:00',
        endTime: '11:00',
        location: '駒沢公園',
      },
      at: new Date(NOW.getTime() - 60_000),
    },
    updatedAt: new Date(NOW.getTime() - 60_000),
  };
  w.requests['req-p'] = { id: 'req-p', userId: PENDING, eventId: 'event-1', status: 'pending' };
  w.authUsers[P2] = { email: 'p2@example.jp', emailVerified: true, disabled: false };
  w.authUsers[PENDING] = { email: 'pending@example.jp', emailVerified: true, disabled: false };
  return w;
}

const changed = (seq = 2) => ({ type: 'event_changed', eventId: 'event-1', seq });
const cancelled = { type: 'event_cancelled', eventId: 'event-1' };

describe('send-email: event_changed and event_cancelled', () => {
  it('mails every participant once from one call, old → new read from the change record', async () => {
    const { deps, sent } = fakeDeps(changedWorld());
    const res = await handleSendEmail(post(changed()), deps);
    expect(res).toMatchObject({ status: 200, body: { sent: true, count: 2, recipients: 2 } });
    expect(sent.map((m) => m.to).sort()).toEqual(['p2@example.jp', 'requester@example.jp']);
    expect(sent[0]!.subject).toBe(
      '【スポーツコミュニティ】「週末フットサル」の開催日時・場所が変更されました',
    );
    expect(sent[0]!.text).toContain(
      '開催日時: 2024年4月30日(火) 09:00〜11:00 → 2024年5月10日(金) 10:00〜12:00',
    );
    expect(sent[0]!.text).toContain('場所: 駒沢公園 → 代々木公園');
    expect(sent[0]!.text).toContain(`${BASE_URL}/events/event-1`);
    // The pending requester is not told about a change.
    expect(sent.some((m) => m.to === 'pending@example.jp')).toBe(false);

    // The same change again mails nobody twice.
    await handleSendEmail(post(changed()), deps);
    expect(sent).toHaveLength(2);
  });

  it('mails a cancellation to the participants and the pending requesters', async () => {
    const w = changedWorld();
    w.events['event-1']!.status = 'cancelled';
    const { deps, sent } = fakeDeps(w);
    const res = await handleSendEmail(post(cancelled), deps);
    expect(res.status).toBe(200);
    expect(sent.map((m) => m.to).sort()).toEqual([
      'p2@example.jp',
      'pending@example.jp',
      'requester@example.jp',
    ]);
    expect(sent[0]!.subject).toBe('【スポーツコミュニティ】「週末フットサル」は中止になりました');
    await handleSendEmail(post(cancelled), deps);
    expect(sent).toHaveLength(3);
  });

  it('refuses a caller who is not the organizer, and a change that is not the latest or recent', async () => {
    const w = changedWorld();
    const { deps, sent, advance } = fakeDeps(w);
    expect((await handleSendEmail(post(changed(), 'requester-token'), deps)).status).toBe(403);
    expect((await handleSendEmail(post(changed(1)), deps)).status).toBe(403);
    expect((await handleSendEmail(post(changed(3)), deps)).status).toBe(403);
    // Not cancelled: a cancellation mail is refused.
    expect((await handleSendEmail(post(cancelled), deps)).status).toBe(403);
    advance(EVENT_MAIL_WINDOW_MS + 1);
    expect((await handleSendEmail(post(changed()), deps)).status).toBe(403);
    expect(sent).toHaveLength(0);
    expect(w.events['event-1']!.organizerId).toBe(ORGANIZER);
  });

  it("refuses a staff cancellation (staff's own notice covers it)", async () => {
    const w = changedWorld();
    Object.assign(w.events['event-1']!, { status: 'cancelled', staffCancelReason: 'fraud' });
    const { deps, sent } = fakeDeps(w);
    expect((await handleSendEmail(post(cancelled), deps)).status).toBe(403);
    expect(sent).toHaveLength(0);
  });

  it('honours each switch and mails verified addresses only', async () => {
    const w = changedWorld();
    w.settings[REQUESTER] = { eventChanged: false };
    w.authUsers[P2] = { email: 'p2@example.jp', emailVerified: false, disabled: false };
    const { deps, sent } = fakeDeps(w);
    const res = await handleSendEmail(post(changed()), deps);
    expect(res.body).toMatchObject({ sent: false, count: 0 });
    expect(sent).toHaveLength(0);
    // The cancellation switch is its own.
    w.events['event-1']!.status = 'cancelled';
    await handleSendEmail(post(cancelled), deps);
    expect(sent.map((m) => m.to).sort()).toEqual(['pending@example.jp', 'requester@example.jp']);
  });

  it('ignores what a body carries beyond the ids', async () => {
    const { deps, sent } = fakeDeps(changedWorld());
    await handleSendEmail(
      post({ ...changed(), recipientId: STRANGER, text: '偽の本文', to: 'x@evil.example' }),
      deps,
    );
    expect(sent.every((m) => !m.text.includes('偽の本文'))).toBe(true);
    expect(sent.map((m) => m.to)).not.toContain('x@evil.example');
  });

  it('answers 400 to a change without its number', async () => {
    const { deps } = fakeDeps(changedWorld());
    const res = await handleSendEmail(post({ type: 'event_changed', eventId: 'event-1' }), deps);
    expect(res.status).toBe(400);
  });
});
