import type * as z from 'zod/mini';
import {
  decideMail,
  type MailDecision,
  type MailGates,
  type RateDecision,
  type RateLimit,
} from '../policy.js';
import type { MailEvent, MailText } from '../templates.js';

/*
 * The handlers depend on zod and on ../policy.ts and ../templates.ts only, never on a Firebase
 * SDK or Node (the lint zones hold this): the web app's local backend runs them too
 * (src/data/local/local-api.ts).
 */

/**
 * What a handler needs of an HTTP request: the adapter in functions/src/http.ts builds it from
 * Express's.
 */
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
export interface EventRecord extends MailEvent {
  organizerId: string;
  /** Who takes part and who waits, in line order (uids). */
  participants: string[];
  waitlist: string[];
  /** 'firstCome' or anything else (承認制). */
  entryMethod: string;
  /** The name stored on the event at creation. */
  organizerName: string;
  /** What the change and cancellation mail read (a missing one refuses those mails). */
  status?: string;
  /** Set when staff, not the organizer, called the event off. */
  staffCancelReason?: string | null;
  /** The event's last schedule change (src/domain/rules/event-changes.ts), or null. */
  lastChange?: ChangeRecord | null;
  updatedAt?: Date | null;
  /** The event's team ('' or missing: none) and its name as stored on the event. */
  teamId?: string;
  teamName?: string;
  /** When the event was created (the server's time); what the follower notices read. */
  createdAt?: Date | null;
}

export interface ChangeRecord {
  seq: number;
  before: Pick<MailEvent, 'date' | 'startTime' | 'endTime' | 'location'>;
  at: Date | null;
}

/** A stored change record read from any shape (dates already converted by `toDate`). */
export function readChangeRecord(
  raw: unknown,
  toDate: (v: unknown) => Date | null,
): ChangeRecord | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const b = (r.before && typeof r.before === 'object' ? r.before : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  if (typeof r.seq !== 'number') return null;
  return {
    seq: r.seq,
    before: {
      date: toDate(b.date),
      startTime: text(b.startTime),
      endTime: text(b.endTime),
      location: text(b.location),
    },
    at: toDate(r.at),
  };
}

export interface RequestRecord {
  id: string;
  userId: string;
  eventId: string;
  status: string;
  /** Made when its requester moved up from the キャンセル待ち (missing reads as false). */
  fromWaitlist?: boolean;
}

/** A notification as stored: whom it is for, its type and its checked values. */
export interface NotificationRecord {
  userId: string;
  type: string;
  data: Record<string, unknown>;
  /** When it was written (the server's time; missing or unreadable is null). */
  createdAt?: Date | null;
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

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/**
 * What the mail part of a handler touches outside itself: the Cloud Functions pass the Firebase
 * ones (functions/src/index.ts), the local backend its IndexedDB ones (src/data/local/local-api.ts).
 */
export interface MailDeps extends MailGates {
  /** The public profile's displayName (users/{uid}), or null. */
  getDisplayName(uid: string): Promise<string | null>;
  sendMail(mail: OutgoingMail): Promise<{ messageId?: string }>;
  now(): Date;
  /** Where links in the mail point, without a trailing slash. */
  appBaseUrl: string;
  log: Logger;
}

/** Everything an HTTP handler touches outside itself: the mail's, and the caller's checks. */
export interface BaseDeps extends MailDeps {
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

const SKIP_LOG: Record<Extract<MailDecision, { send: false }>['reason'], string> = {
  opted_out: 'mail skipped: recipient opted out',
  duplicate: 'mail skipped: already sent for this request',
  throttled: 'mail skipped: one was sent for this cause a short while ago',
  no_verified_email: 'mail skipped: recipient has no verified address',
  recipient_throttled: 'mail skipped: recipient quota reached',
};

/** The transport failed: the HTTP handlers answer 502, the local backend's caller logs it. */
export class MailTransportError extends Error {
  readonly context: Record<string, unknown>;
  constructor(cause: unknown, context: Record<string, unknown>) {
    super(`mail failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.context = context;
  }
}

/**
 * The last steps of every mail, after the handler's own checks: decideMail (../mail/policy.ts:
 * settings, the cause's limit, the verified address, the recipient's quota), or 200
 * `{ sent: false, reason }`; then the text, rendered by ../mail/templates.ts, and the transport
 * (200 `{ sent: true }`; a transport failure throws MailTransportError).
 */
export async function mailIfAllowed(
  deps: MailDeps,
  decision: Parameters<typeof decideMail>[1],
  compose: () => Promise<MailText>,
  context: Record<string, unknown>,
): Promise<HandlerResponse> {
  const decided = await decideMail(deps, decision);
  if (!decided.send) {
    deps.log.info(SKIP_LOG[decided.reason], context);
    return notSent(decided.reason);
  }
  const mail = { to: decided.to, ...(await compose()) };
  let info: { messageId?: string };
  try {
    info = await deps.sendMail(mail);
  } catch (e) {
    throw new MailTransportError(e, context);
  }
  deps.log.info('mail sent', { ...context, messageId: info.messageId });
  return json(200, { sent: true });
}

/** What a run's mail came to: sent, or not (skipped by the policy, or the transport failed). */
export interface MailTally {
  mailed: number;
  notMailed: number;
}

/**
 * One mail through mailIfAllowed, counted in `tally`. A transport failure is logged and counted,
 * not thrown: the notice it goes with stands, and one failed mail does not stop the others.
 */
export async function mailCounted(
  deps: MailDeps,
  decision: Parameters<typeof decideMail>[1],
  compose: () => Promise<MailText>,
  context: Record<string, unknown>,
  tally: MailTally,
): Promise<void> {
  try {
    const res = await mailIfAllowed(deps, decision, compose, context);
    if (res.body.sent === true) tally.mailed++;
    else tally.notMailed++;
  } catch (e) {
    if (!(e instanceof MailTransportError)) throw e;
    tally.notMailed++;
    deps.log.error('mail failed', {
      ...context,
      reason: e.cause instanceof Error ? e.cause.message : String(e.cause),
    });
  }
}

/** How many mails a fan-out has in flight at once. */
const MAIL_PARALLEL = 10;

/**
 * The same mail to many (a server fan-out: follower notices, announcements, decisions), a few at
 * a time, each with its own duplicate guard (`causeKey`, within `limit` per key), counted
 * in `tally`.
 */
export async function mailEach(
  deps: MailDeps,
  recipients: readonly string[],
  mail: {
    kind: Parameters<typeof decideMail>[1]['kind'];
    causeKey: (recipientId: string) => string;
    limit: RateLimit;
    context: Record<string, unknown>;
  },
  compose: () => Promise<MailText>,
  tally: MailTally,
): Promise<void> {
  for (let i = 0; i < recipients.length; i += MAIL_PARALLEL) {
    await Promise.all(
      recipients.slice(i, i + MAIL_PARALLEL).map((recipientId) =>
        mailCounted(
          deps,
          {
            recipientId,
            kind: mail.kind,
            cause: { key: mail.causeKey(recipientId), limit: mail.limit, reason: 'duplicate' },
          },
          compose,
          { ...mail.context, recipientId },
          tally,
        ),
      ),
    );
  }
}

/**
 * The HTTP answer to a transport failure: logged with its reason and answered 502. The client
 * only logs either answer (docs/mail.md), so the status exists for the logs and
 * monitoring.
 */
export async function answeringTransportFailure(
  deps: Pick<BaseDeps, 'log'>,
  run: () => Promise<HandlerResponse>,
): Promise<HandlerResponse> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof MailTransportError)) throw e;
    deps.log.error('mail failed', {
      ...e.context,
      reason: e.cause instanceof Error ? e.cause.message : String(e.cause),
    });
    return json(502, { error: 'mail_failed', message: 'The mail could not be sent.' });
  }
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
export function invalidBody(error: z.core.$ZodError): HandlerResponse {
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
  { name, limit, schema }: { name: string; limit: RateLimit; schema: z.ZodMiniType<T> },
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
