import * as z from 'zod/mini';
import { optionalTime } from './entities/common';
import { eventEnd, eventStart, type SportEvent } from './entities/event';
import { DomainError } from './errors';
import { assertMayWrite, type Actor } from './rules/standing';

/*
 * QR check-in at the venue (docs/fees.md "Check-in"). Loaded with the check-in screens and use
 * case only, never with a first page.
 */

/** Reception opens this long before the start and stays open until the end. */
export const CHECK_IN_OPENS_BEFORE_MS = 60 * 60 * 1000;

type TimedEvent = Pick<SportEvent, 'date' | 'startTime' | 'endTime' | 'status'>;
type CheckInEvent = TimedEvent & Pick<SportEvent, 'id' | 'organizerId' | 'participants'>;

export function checkInWindow(event: Pick<SportEvent, 'date' | 'startTime' | 'endTime'>): {
  opens: Date;
  closes: Date;
} {
  return {
    opens: new Date(eventStart(event).getTime() - CHECK_IN_OPENS_BEFORE_MS),
    closes: eventEnd(event),
  };
}

/** 'cancelled', 'before' the window, 'open', or 'after' the end. */
export function checkInPhase(
  event: TimedEvent,
  now: Date,
): 'cancelled' | 'before' | 'open' | 'after' {
  if (event.status === 'cancelled') return 'cancelled';
  const { opens, closes } = checkInWindow(event);
  if (now.getTime() < opens.getTime()) return 'before';
  return now.getTime() <= closes.getTime() ? 'open' : 'after';
}

/** The participant's code is shown on the event's day (local time), for an event not cancelled. */
export function showsCodeOn(event: TimedEvent, now: Date): boolean {
  if (event.status === 'cancelled') return false;
  const start = eventStart(event);
  return (
    start.getFullYear() === now.getFullYear() &&
    start.getMonth() === now.getMonth() &&
    start.getDate() === now.getDate() &&
    now.getTime() <= eventEnd(event).getTime()
  );
}

/** A token: 16 random bytes (the caller's crypto.getRandomValues), base64url (22 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newCheckInToken(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const CODE_PREFIX = 'SPORTS-CHECKIN:';

/** What the QR code says: the event and the person's token, never their user id. */
export function checkInCode(eventId: string, token: string): string {
  return `${CODE_PREFIX}${eventId}:${token}`;
}

/** The event and token of a scanned text, or null when it is not one of our codes. */
export function parseCheckInCode(text: string): { eventId: string; token: string } | null {
  if (!text.startsWith(CODE_PREFIX)) return null;
  const rest = text.slice(CODE_PREFIX.length);
  const i = rest.lastIndexOf(':');
  if (i <= 0) return null;
  const eventId = rest.slice(0, i);
  const token = rest.slice(i + 1);
  return TOKEN_PATTERN.test(token) ? { eventId, token } : null;
}

/** events/{eventId}/checkInTokens/{userId}: read by the person and the organizer only. */
export const checkInTokenSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    token: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => (typeof v === 'string' && TOKEN_PATTERN.test(v) ? v : '')),
    ),
  }),
);

/** events/{eventId}/checkIns/{userId}: written by the organizer at the door. */
export const checkInSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    checkedInAt: optionalTime,
  }),
);
export type CheckIn = z.output<typeof checkInSchema>;

/**
 * Who writes a person's token: the participant their own first one (none yet), the organizer a
 * new one for any participant (re-issued: the old code stops working).
 */
export function decideIssueToken(input: {
  actor: Actor | null;
  event: CheckInEvent | null;
  userId: string;
  hasToken: boolean;
}): void {
  const { uid } = assertMayWrite(input.actor, 'active');
  const { event, userId } = input;
  if (!event) throw new DomainError('eventNotFound');
  if (event.status === 'cancelled') throw new DomainError('checkInCancelled');
  if (!userId || !event.participants.includes(userId)) {
    throw new DomainError(uid === userId ? 'notParticipating' : 'notEventParticipant');
  }
  if (event.organizerId === uid) return;
  if (uid !== userId || input.hasToken) throw new DomainError('noCheckInPermission');
}

/**
 * The organizer checks a participant in, or undoes it, while reception is open (an hour before
 * the start until the end). A repeat is refused as already done.
 */
export function decideCheckIn(input: {
  actor: Actor | null;
  event: CheckInEvent | null;
  userId: string;
  checkedIn: boolean;
  undo: boolean;
  now: Date;
}): void {
  const { uid } = assertMayWrite(input.actor, 'active');
  const { event, userId } = input;
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noCheckInPermission');
  const phase = checkInPhase(event, input.now);
  if (phase === 'cancelled') throw new DomainError('checkInCancelled');
  if (phase !== 'open') throw new DomainError('checkInClosed');
  if (!userId || !event.participants.includes(userId)) {
    throw new DomainError('notEventParticipant');
  }
  if (!input.undo && input.checkedIn) {
    throw new DomainError('alreadyCheckedIn', { alreadyDone: true });
  }
}

/** What one scan says, before anything is written. */
export type ScanResult =
  | { kind: 'ok'; userId: string }
  | { kind: 'already'; userId: string }
  | { kind: 'notParticipant'; userId: string }
  | { kind: 'otherEvent' }
  | { kind: 'unknown' };

/**
 * Reads a scanned text against this event: another event's code, a code that is not ours or was
 * re-issued since (unknown), someone no longer taking part, someone already checked in.
 */
export function resolveScan(input: {
  text: string;
  eventId: string;
  /** The event's tokens, token → user id. */
  tokens: ReadonlyMap<string, string>;
  participants: readonly string[];
  checkedIn: ReadonlySet<string>;
}): ScanResult {
  const code = parseCheckInCode(input.text);
  if (!code) return { kind: 'unknown' };
  if (code.eventId !== input.eventId) return { kind: 'otherEvent' };
  const userId = input.tokens.get(code.token);
  if (!userId) return { kind: 'unknown' };
  if (!input.participants.includes(userId)) return { kind: 'notParticipant', userId };
  if (input.checkedIn.has(userId)) return { kind: 'already', userId };
  return { kind: 'ok', userId };
}

/** The words a scan result shows at once. */
export function scanMessage(result: ScanResult, nameOf: (uid: string) => string): string {
  switch (result.kind) {
    case 'ok':
      return `${nameOf(result.userId)}さんを受付しました`;
    case 'already':
      return `${nameOf(result.userId)}さんは受付済みです`;
    case 'notParticipant':
      return `${nameOf(result.userId)}さんはこのイベントの参加者ではありません`;
    case 'otherEvent':
      return '別のイベントの受付コードです';
    case 'unknown':
      return '受付コードではないか、再発行される前の古いコードです';
  }
}
