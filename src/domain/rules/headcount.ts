import { DomainError } from '@/domain/errors';
import { isOver, type SportEvent } from '@/domain/entities/event';
import {
  decideAtFor,
  HEADCOUNT_DEADLINES,
  HEADCOUNT_MODES,
  headcountRefusal,
  startAtTime,
  type HeadcountDeadline,
  type HeadcountMode,
  type MinHeadcount,
} from '@/domain/headcount';
import { assertCanEdit } from '@/domain/rules/events';
import type { Actor } from '@/domain/rules/standing';

/** What the organizer's form sends: the setting, and the time when 日時を指定 is chosen. */
export interface MinHeadcountInput {
  min: number;
  mode: HeadcountMode;
  deadline: HeadcountDeadline;
  /** The decision time of 日時を指定 (ignored for the other deadlines). */
  customAt?: Date | null;
}

/** The organizer's writable event: not staff-cancelled, neither over nor decided already. */
function assertOrganizerMayDecide(actor: Actor | null, event: SportEvent | null, now: Date) {
  assertCanEdit(actor, event);
  if (event.staffCancelReason) throw new DomainError('eventFrozenByStaff');
  if (isOver(event, now)) throw new DomainError('eventAlreadyOver');
  return event;
}

/**
 * Setting, changing or (with null) removing an event's minimum headcount (docs/domain.md
 * "Minimum headcount"): its organizer only, before the decision (once decided it stands), the
 * minimum a whole number from 2 and not above the capacity, the decision time after now and
 * before the start. Returns what the event stores: the setting and its decision time, or null
 * for both when removed.
 */
export function decideMinHeadcount(
  actor: Actor | null,
  stored: SportEvent | null,
  input: MinHeadcountInput | null,
  now: Date,
): { minHeadcount: MinHeadcount; headcountDecideAt: Date } | null {
  const event = assertOrganizerMayDecide(actor, stored, now);
  if (event.headcountDecision) throw new DomainError('headcountAlreadyDecided');
  if (!input) return null;
  if (!HEADCOUNT_MODES.includes(input.mode) || !HEADCOUNT_DEADLINES.includes(input.deadline)) {
    throw new DomainError('invalidEventInput');
  }
  const setting: MinHeadcount = { min: input.min, mode: input.mode, deadline: input.deadline };
  // The day plus its start time, as firestore.rules and the series' generator compute it.
  const start = startAtTime(event.date, event.startTime);
  const decideAt = decideAtFor(input.deadline, event.date, start, input.customAt ?? null);
  const refusal = headcountRefusal(setting, decideAt, { capacity: event.capacity, start }, now);
  if (refusal) throw new DomainError(refusal);
  return { minHeadcount: setting, headcountDecideAt: decideAt! };
}

/**
 * 「開催する」 after the server asked (主催者に確認 with too few in): the organizer only, on an
 * event still running whose decision is `asked`. Returns the decision to store; 「中止する」 is
 * the organizer's cancellation (changeStatus), with its notices and mail.
 */
export function decideHoldAnyway(
  actor: Actor | null,
  stored: SportEvent | null,
  now: Date,
): { result: 'held'; count: number } {
  const event = assertOrganizerMayDecide(actor, stored, now);
  if (event.headcountDecision?.result !== 'asked') throw new DomainError('headcountNotAsked');
  return { result: 'held', count: event.participants.length };
}
