/**
 * Whether a mail goes out: the decisions both backends take the same way (docs/security.md
 * "Mail"). The Cloud Functions run them on Firestore and the Auth service; the web app's local
 * backend, which stands in for the Functions, runs the very same handlers (./handlers) on
 * IndexedDB. Nothing here depends on a runtime, so it runs in Node and in the browser alike.
 */
import {
  DEFAULT_EMAIL_SETTINGS,
  MAIL_KINDS,
  readEmailSettings,
  type EmailSettings,
  type MailKind,
} from '../src/domain/entities/email-settings.js';

/**
 * The kinds of mail and the stored switches are the domain's (src/domain/entities/email-settings.ts),
 * which the settings screen shows; the Functions read them from here.
 */
export { DEFAULT_EMAIL_SETTINGS, MAIL_KINDS, readEmailSettings, type EmailSettings, type MailKind };

/** Whether a mail of this kind may go to a recipient with these settings. */
export function mailAllowed(settings: EmailSettings, kind: MailKind): boolean {
  return settings[kind];
}

/**
 * What the auth service holds for a uid (Firebase: Admin SDK getUser; local: the accounts
 * table): the only source of a recipient's address. users/{uid}/private/account is written by
 * its owner and is never mailed.
 */
export interface AuthRecipient {
  email: string | null;
  emailVerified: boolean;
  disabled: boolean;
}

/**
 * The address a mail may go to: the account's own address, and only when the auth service has
 * verified it and the account is not disabled.
 */
export function verifiedAddress(user: AuthRecipient | null): string | null {
  const email = user?.email?.trim() ?? '';
  if (!user || user.disabled || !user.emailVerified || !email) return null;
  return email;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window that refused the call ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Mails per recipient, across both functions and all callers, so that many callers together
 * cannot flood one inbox. Each function also limits its caller and each cause.
 */
export const MAIL_RECIPIENT_LIMIT: RateLimit = { limit: 20, windowMs: 60 * 60_000 };

/**
 * A window opens at the first use of a key and lasts windowMs; within it at most `limit` uses are
 * allowed. With limit 1 this is "at most one per windowMs" exactly. Refused uses do not count.
 */
export interface RateWindow {
  count: number;
  startMs: number;
}

export function decideRate(
  current: RateWindow | undefined,
  limit: RateLimit,
  nowMs: number,
): { decision: RateDecision; next: RateWindow | null } {
  const window =
    current && nowMs - current.startMs < limit.windowMs ? current : { count: 0, startMs: nowMs };
  if (window.count >= limit.limit) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((window.startMs + limit.windowMs - nowMs) / 1000),
    );
    return { decision: { allowed: false, retryAfterSeconds }, next: null };
  }
  return {
    decision: { allowed: true, retryAfterSeconds: 0 },
    next: { count: window.count + 1, startMs: window.startMs },
  };
}

/**
 * Counts in memory: one process (the Functions emulator, tests, one browser's local backend).
 * Production counts in Firestore (functions/src/rate-limit.ts).
 */
export function createMemoryRateLimiter(now: () => Date) {
  const windows = new Map<string, RateWindow>();
  return async (key: string, limit: RateLimit): Promise<RateDecision> => {
    const { decision, next } = decideRate(windows.get(key), limit, now().getTime());
    if (next) windows.set(key, next);
    return decision;
  };
}

/** What the decision reads: the recipient's settings and auth record, and the counters. */
export interface MailGates {
  getEmailSettings(uid: string): Promise<EmailSettings>;
  /** The auth service's record of `uid`, or null for no such account. */
  getAuthRecipient(uid: string): Promise<AuthRecipient | null>;
  /**
   * Counts one use of `key` against `limit` and says whether it was within it. A refused call
   * does not count.
   */
  throttle(key: string, limit: RateLimit): Promise<RateDecision>;
}

export type MailSkipReason =
  'opted_out' | 'duplicate' | 'throttled' | 'no_verified_email' | 'recipient_throttled';

export type MailDecision = { send: true; to: string } | { send: false; reason: MailSkipReason };

/**
 * Whether one mail of `kind` caused by `cause` goes to `recipientId`, in this order (each step
 * runs only when the ones before let the mail through, so a skipped mail uses up no count):
 * 1. the recipient's email settings allow the kind (or `opted_out`);
 * 2. the cause's own limit, e.g. one mail per request and outcome (or `cause.reason`);
 * 3. the recipient has an address the auth service verified (or `no_verified_email`);
 * 4. the recipient's quota across all kinds and callers, MAIL_RECIPIENT_LIMIT (or
 *    `recipient_throttled`).
 */
export async function decideMail(
  gates: MailGates,
  {
    recipientId,
    kind,
    cause,
  }: {
    recipientId: string;
    kind: MailKind;
    cause: { key: string; limit: RateLimit; reason: 'duplicate' | 'throttled' };
  },
): Promise<MailDecision> {
  if (!mailAllowed(await gates.getEmailSettings(recipientId), kind)) {
    return { send: false, reason: 'opted_out' };
  }
  if (!(await gates.throttle(cause.key, cause.limit)).allowed) {
    return { send: false, reason: cause.reason };
  }
  const to = verifiedAddress(await gates.getAuthRecipient(recipientId));
  if (!to) return { send: false, reason: 'no_verified_email' };
  if (!(await gates.throttle(`mail:recipient:${recipientId}`, MAIL_RECIPIENT_LIMIT)).allowed) {
    return { send: false, reason: 'recipient_throttled' };
  }
  return { send: true, to };
}
