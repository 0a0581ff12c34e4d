import type { z } from 'zod';
import { MAIL_RECIPIENT_LIMIT } from '../rate-limit.js';

/** What a handler needs of an HTTP request: the adapter in src/http.ts builds it from Express's. */
export interface HandlerRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface HandlerResponse {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The documents the handlers read, already reduced to the fields they decide on. */
export interface EventRecord {
  id: string;
  organizerId: string;
  title: string;
  /** The event's day; null when the stored value is unreadable. */
  date: Date | null;
  startTime: string;
  endTime: string;
  location: string;
  /** The name stored on the event at creation. */
  organizerName: string;
}

export interface RequestRecord {
  id: string;
  userId: string;
  eventId: string;
  status: string;
}

export interface ConversationRecord {
  id: string;
  participants: string[];
}

export interface MessageRecord {
  id: string;
  senderId: string;
  read: boolean;
}

/**
 * users/{uid}/private/settings `{ mail: { <kind>: boolean } }`, the app's MAIL_KINDS
 * (src/domain/entities/email-settings.ts, docs/security.md "Email settings"); a missing
 * document, map or field means "send".
 */
export const MAIL_KINDS = [
  'participationApproved',
  'participationRejected',
  'unreadMessages',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type EmailSettings = Record<MailKind, boolean>;

/**
 * What the Auth service holds for a uid (Admin SDK getUser): the only source of a recipient's
 * address. users/{uid}/private/account is written by its owner and is never mailed.
 */
export interface AuthRecipient {
  email: string | null;
  emailVerified: boolean;
  disabled: boolean;
}

/**
 * The address a mail may go to (docs/security.md "Mail"): the Auth account's own address, and
 * only when the Auth service has verified it and the account is not disabled.
 */
export function verifiedAddress(user: AuthRecipient | null): string | null {
  const email = user?.email?.trim() ?? '';
  if (!user || user.disabled || !user.emailVerified || !email) return null;
  return email;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
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

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** Everything a handler touches outside itself; src/index.ts passes the Firebase-backed ones. */
export interface BaseDeps {
  /**
   * Resolves with the uid of a valid Firebase ID token, rejects otherwise (a revoked token, or
   * one of a disabled account, included).
   */
  verifyIdToken(token: string): Promise<{ uid: string }>;
  /**
   * Whether staff suspended the account: users/{uid} isActive === false (a missing field or
   * document is active; docs/security.md "Suspension"). A suspended account causes no mail.
   */
  isSuspended(uid: string): Promise<boolean>;
  /** The Auth service's record of `uid` (Admin SDK getUser), or null for no such account. */
  getAuthRecipient(uid: string): Promise<AuthRecipient | null>;
  /** The public profile's displayName (users/{uid}), or null. */
  getDisplayName(uid: string): Promise<string | null>;
  getEmailSettings(uid: string): Promise<EmailSettings>;
  sendMail(mail: OutgoingMail): Promise<{ messageId?: string }>;
  /**
   * Counts one use of `key` against `limit` and says whether it was within it. A refused call
   * does not count.
   */
  throttle(key: string, limit: RateLimit): Promise<RateDecision>;
  now(): Date;
  /** Where links in the mail point, without a trailing slash. */
  appBaseUrl: string;
  log: Logger;
}

export function json(
  status: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): HandlerResponse {
  return headers ? { status, body, headers } : { status, body };
}

export const methodNotAllowed = (): HandlerResponse =>
  json(405, { error: 'method_not_allowed', message: 'Use POST.' }, { Allow: 'POST' });

export const forbidden = (message: string): HandlerResponse =>
  json(403, { error: 'forbidden', message });

export const suspended = (): HandlerResponse =>
  json(403, { error: 'account_suspended', message: 'This account is suspended.' });

export const tooManyRequests = (decision: RateDecision): HandlerResponse =>
  json(
    429,
    {
      error: 'rate_limited',
      message: 'Too many requests; try again later.',
      retryAfterSeconds: decision.retryAfterSeconds,
    },
    { 'Retry-After': String(decision.retryAfterSeconds) },
  );

export const notSent = (reason: string): HandlerResponse => json(200, { sent: false, reason });

/**
 * The last steps of every mail, after the handler's own checks and per-cause limits: the
 * recipient's verified Auth address (or sent:false no_verified_email), then the recipient's
 * quota across both functions (MAIL_RECIPIENT_LIMIT, or sent:false recipient_throttled), then
 * the transport.
 */
export async function mailRecipient(
  deps: BaseDeps,
  recipientId: string,
  compose: () => Promise<Omit<OutgoingMail, 'to'>>,
  context: Record<string, unknown>,
): Promise<HandlerResponse> {
  const to = verifiedAddress(await deps.getAuthRecipient(recipientId));
  if (!to) {
    deps.log.warn('mail skipped: recipient has no verified address', context);
    return notSent('no_verified_email');
  }
  const quota = await deps.throttle(`mail:recipient:${recipientId}`, MAIL_RECIPIENT_LIMIT);
  if (!quota.allowed) {
    deps.log.warn('mail skipped: recipient quota reached', context);
    return notSent('recipient_throttled');
  }
  return deliver(deps, { to, ...(await compose()) }, context);
}

function header(headers: HandlerRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** The caller's uid, or the 401 to answer. */
export async function authenticate(
  req: HandlerRequest,
  deps: Pick<BaseDeps, 'verifyIdToken' | 'log'>,
): Promise<{ uid: string } | { response: HandlerResponse }> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(req.headers, 'authorization') ?? '');
  if (!match?.[1]) {
    return {
      response: json(401, {
        error: 'unauthenticated',
        message: 'An Authorization: Bearer <Firebase ID token> header is required.',
      }),
    };
  }
  try {
    const { uid } = await deps.verifyIdToken(match[1]);
    if (!uid) throw new Error('token without uid');
    return { uid };
  } catch (e) {
    deps.log.warn('rejected an ID token', { reason: e instanceof Error ? e.message : String(e) });
    return {
      response: json(401, {
        error: 'unauthenticated',
        message: 'The ID token is invalid or expired.',
      }),
    };
  }
}

/** The 400 for a body that does not parse, with zod's issues (path and message only). */
export function invalidBody(error: z.ZodError): HandlerResponse {
  return json(400, {
    error: 'invalid_body',
    message: 'The request body does not match the expected shape.',
    issues: error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  });
}

/**
 * What every handler does first, in this order: POST only (405), a valid ID token (401), an
 * account that is not suspended (403), the caller's quota under `name` (429), then the body
 * against `schema` (400). Either the caller's uid and the parsed body, or the response that
 * ends the request.
 */
export async function acceptPost<T>(
  req: HandlerRequest,
  deps: BaseDeps,
  { name, limit, schema }: { name: string; limit: RateLimit; schema: z.ZodType<T> },
): Promise<{ uid: string; body: T } | { response: HandlerResponse }> {
  if (req.method !== 'POST') return { response: methodNotAllowed() };

  const auth = await authenticate(req, deps);
  if ('response' in auth) return auth;
  const { uid } = auth;

  if (await deps.isSuspended(uid)) {
    deps.log.warn(`${name} refused: account suspended`, { uid });
    return { response: suspended() };
  }

  const quota = await deps.throttle(`${name}:caller:${uid}`, limit);
  if (!quota.allowed) {
    deps.log.warn(`${name} throttled`, { uid });
    return { response: tooManyRequests(quota) };
  }

  const parsed = schema.safeParse(req.body);
  if (!parsed.success) return { response: invalidBody(parsed.error) };
  return { uid, body: parsed.data };
}

/**
 * Sends and answers 200, or 502 when the transport fails: the client only logs either (SPEC §7),
 * so the status exists for the logs and monitoring.
 */
export async function deliver(
  deps: Pick<BaseDeps, 'sendMail' | 'log'>,
  mail: OutgoingMail,
  context: Record<string, unknown>,
): Promise<HandlerResponse> {
  try {
    const info = await deps.sendMail(mail);
    deps.log.info('mail sent', { ...context, messageId: info.messageId });
    return json(200, { sent: true });
  } catch (e) {
    deps.log.error('mail failed', {
      ...context,
      reason: e instanceof Error ? e.message : String(e),
    });
    return json(502, { error: 'mail_failed', message: 'The mail could not be sent.' });
  }
}
