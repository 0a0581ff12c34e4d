import { describe, expect, it } from 'vitest';
import {
  createMemoryRateLimiter,
  DEFAULT_EMAIL_SETTINGS,
  decideMail,
  MAIL_RECIPIENT_LIMIT,
  mailAllowed,
  readEmailSettings,
  type AuthRecipient,
  type EmailSettings,
  type MailGates,
} from './policy.js';

const CAUSE = {
  key: 'send-email:request:r1:event_approved',
  limit: { limit: 1, windowMs: 60_000 },
  reason: 'duplicate' as const,
};

function gates(
  over: { settings?: Partial<EmailSettings>; recipient?: AuthRecipient | null } = {},
): MailGates & { keys: string[] } {
  const keys: string[] = [];
  const throttle = createMemoryRateLimiter(() => new Date(0));
  return {
    keys,
    getEmailSettings: async () => readEmailSettings({ mail: over.settings ?? {} }),
    getAuthRecipient: async () =>
      over.recipient === undefined
        ? { email: ' a@example.jp ', emailVerified: true, disabled: false }
        : over.recipient,
    throttle: (key, limit) => {
      keys.push(key);
      return throttle(key, limit);
    },
  };
}

const decide = (g: MailGates) =>
  decideMail(g, { recipientId: 'u1', kind: 'participationApproved', cause: CAUSE });

describe('the mail decision (both backends)', () => {
  it('reads stored settings with "missing means send", only an explicit false turning a kind off', () => {
    const all = DEFAULT_EMAIL_SETTINGS;
    expect(readEmailSettings(undefined)).toEqual(all);
    expect(readEmailSettings({ mail: null })).toEqual(all);
    const s = readEmailSettings({ mail: { participationApproved: false, unreadMessages: 0 } });
    expect(mailAllowed(s, 'participationApproved')).toBe(false);
    expect(mailAllowed(s, 'unreadMessages')).toBe(true);
  });

  it('mails the verified address once per cause, counting the cause and the recipient', async () => {
    const g = gates();
    expect(await decide(g)).toEqual({ send: true, to: 'a@example.jp' });
    expect(await decide(g)).toEqual({ send: false, reason: 'duplicate' });
    expect(g.keys).toEqual([CAUSE.key, 'mail:recipient:u1', CAUSE.key]);
  });

  it('skips a kind the recipient turned off before counting anything', async () => {
    const g = gates({ settings: { participationApproved: false } });
    expect(await decide(g)).toEqual({ send: false, reason: 'opted_out' });
    expect(g.keys).toEqual([]);
  });

  it.each([
    ['an unverified address', { email: 'a@example.jp', emailVerified: false, disabled: false }],
    ['a disabled account', { email: 'a@example.jp', emailVerified: true, disabled: true }],
    ['no address', { email: null, emailVerified: true, disabled: false }],
    ['no account', null],
  ])('mails nobody for %s', async (_name, recipient) => {
    expect(await decide(gates({ recipient }))).toEqual({
      send: false,
      reason: 'no_verified_email',
    });
  });

  it('stops at the recipient’s hourly quota across causes', async () => {
    const g = gates();
    const answers = [];
    for (let i = 0; i <= MAIL_RECIPIENT_LIMIT.limit; i++) {
      answers.push(
        await decideMail(g, {
          recipientId: 'u1',
          kind: 'unreadMessages',
          cause: { ...CAUSE, key: `cause-${i}` },
        }),
      );
    }
    expect(answers.filter((a) => a.send)).toHaveLength(MAIL_RECIPIENT_LIMIT.limit);
    expect(answers.at(-1)).toEqual({ send: false, reason: 'recipient_throttled' });
  });
});
