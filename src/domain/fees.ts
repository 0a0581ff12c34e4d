import * as z from 'zod/mini';
import { FEE_AMOUNT_MAX, FEE_NOTE_MAX } from './constants';
import { optionalTime } from './entities/common';
import type { SportEvent } from './entities/event';
import { DomainError } from './errors';
import { assertMayWrite, type Actor } from './rules/standing';

/*
 * Who has paid an event's 参加費 (docs/fees.md). Loaded with the fee screens and the fees use
 * case only, never with a first page.
 */

export const PAYMENT_METHODS = ['cash', 'transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: '現金',
  transfer: '振込',
  other: 'その他',
};

export function isPaymentMethod(v: unknown): v is PaymentMethod {
  return PAYMENT_METHODS.includes(v as PaymentMethod);
}

/** 未払い is the absence of a record; the two stored states follow it. */
export const FEE_STATUSES = ['unpaid', 'declared', 'confirmed'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
export const FEE_STATUS_LABELS: Record<FeeStatus, string> = {
  unpaid: '未払い',
  declared: '申告済み',
  confirmed: '確認済み',
};

/**
 * events/{eventId}/fees/{userId}: one participant's payment. The participant writes a
 * declaration (status declared, a method); the organizer writes a confirmation (status
 * confirmed, the method, the amount received and a note). Read by the two of them only. An
 * unknown stored status reads as 未払い, an unknown method as none.
 */
export const feeRecordSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    userId: z.string(),
    status: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): FeeStatus => (v === 'declared' || v === 'confirmed' ? v : 'unpaid')),
    ),
    method: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): PaymentMethod | null => (isPaymentMethod(v) ? v : null)),
    ),
    amount: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): number | null =>
        typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null,
      ),
    ),
    note: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => (typeof v === 'string' ? v : '')),
    ),
    updatedAt: optionalTime,
  }),
);
export type FeeRecord = z.output<typeof feeRecordSchema>;

type FeeEvent = Pick<SportEvent, 'id' | 'organizerId' | 'participants' | 'fee' | 'status'>;

const hasFee = (event: Pick<SportEvent, 'fee'>) => Number.isFinite(event.fee) && event.fee > 0;

/** What a declaration writes (no amount or note: those are the organizer's). */
export interface FeeDeclarationWrite {
  userId: string;
  status: 'declared';
  method: PaymentMethod;
}

/**
 * A participant's 「支払いました」 for themself, with how they paid. Only an active participant of
 * an event with a fee that was not cancelled, and only while the organizer has not confirmed it
 * (after that the organizer's record stands). Declaring again changes the method.
 */
export function decideDeclare(input: {
  actor: Actor | null;
  event: FeeEvent | null;
  method: unknown;
  before: FeeRecord | null;
}): FeeDeclarationWrite {
  const { uid } = assertMayWrite(input.actor, 'active');
  const { event, before } = input;
  if (!event) throw new DomainError('eventNotFound');
  if (!hasFee(event) || event.status === 'cancelled') throw new DomainError('noFeeForEvent');
  if (!event.participants.includes(uid)) throw new DomainError('notParticipating');
  if (before?.status === 'confirmed') throw new DomainError('feeAlreadyConfirmed');
  if (!isPaymentMethod(input.method)) throw new DomainError('invalidPaymentMethod');
  return { userId: uid, status: 'declared', method: input.method };
}

/**
 * Withdrawing one's own declaration (back to 未払い): the participant, while it is not confirmed.
 * Returns whether there is anything to remove.
 */
export function decideWithdraw(input: {
  actor: Actor | null;
  event: FeeEvent | null;
  before: FeeRecord | null;
}): boolean {
  assertMayWrite(input.actor, 'active');
  if (!input.event) throw new DomainError('eventNotFound');
  if (input.before?.status === 'confirmed') throw new DomainError('feeAlreadyConfirmed');
  return input.before?.status === 'declared';
}

/** What a confirmation writes. */
export interface FeeConfirmationWrite {
  userId: string;
  status: 'confirmed';
  method: PaymentMethod;
  amount: number;
  note: string;
}

/** The organizer's refusals, shared by confirming and resetting. */
function assertOrganizerOf(actor: Actor | null, event: FeeEvent | null, userId: string): FeeEvent {
  const { uid } = assertMayWrite(actor, 'active');
  if (!event) throw new DomainError('eventNotFound');
  if (event.organizerId !== uid) throw new DomainError('noFeePermission');
  if (!hasFee(event)) throw new DomainError('noFeeForEvent');
  if (!userId || !event.participants.includes(userId)) {
    throw new DomainError('notEventParticipant');
  }
  return event;
}

/**
 * The organizer confirms a participant's payment: a declaration they received, or cash handed
 * over with nothing declared. The amount is the event's fee unless another is given (a discount,
 * a part payment): a whole number of yen up to FEE_AMOUNT_MAX. The method is the one given, else
 * the declared one, else 現金. The note is trimmed, up to FEE_NOTE_MAX characters.
 */
export function decideConfirm(input: {
  actor: Actor | null;
  event: FeeEvent | null;
  userId: string;
  method?: unknown;
  amount?: unknown;
  note?: unknown;
  before: FeeRecord | null;
}): FeeConfirmationWrite {
  const event = assertOrganizerOf(input.actor, input.event, input.userId);
  const method = input.method ?? input.before?.method ?? 'cash';
  if (!isPaymentMethod(method)) throw new DomainError('invalidPaymentMethod');
  const amount = input.amount ?? event.fee;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) {
    throw new DomainError('invalidFeeAmount');
  }
  if (amount > FEE_AMOUNT_MAX) throw new DomainError('invalidFeeAmount');
  const note = input.note === undefined ? '' : input.note;
  if (typeof note !== 'string') throw new DomainError('feeNoteTooLong');
  const trimmed = note.trim();
  if (trimmed.length > FEE_NOTE_MAX) throw new DomainError('feeNoteTooLong');
  return { userId: input.userId, status: 'confirmed', method, amount, note: trimmed };
}

/** The organizer puts a participant back to 未払い (a mistaken confirmation). */
export function decideReset(input: {
  actor: Actor | null;
  event: FeeEvent | null;
  userId: string;
}): void {
  assertOrganizerOf(input.actor, input.event, input.userId);
}

/** One participant's line of the organizer's roster. */
export interface FeeLine {
  userId: string;
  status: FeeStatus;
  method: PaymentMethod | null;
  /** What was received (confirmed), else null. */
  amount: number | null;
  note: string;
}

/** The roster's totals, in yen. */
export interface FeeSummary {
  /** 集金予定: the fee times the participants. */
  expected: number;
  /** 集金済み: what the organizer confirmed receiving from the participants. */
  collected: number;
  /** 未収: the fee of every participant not confirmed yet (a discount given leaves nothing). */
  outstanding: number;
  /** The participants not confirmed yet, in the participants' order. */
  owing: string[];
  lines: FeeLine[];
}

/**
 * The organizer's roster: each current participant with their status (someone who left is no
 * longer counted, whatever they paid), and the totals.
 */
export function feeSummary(
  event: Pick<SportEvent, 'fee' | 'participants'>,
  records: Readonly<Record<string, FeeRecord>>,
): FeeSummary {
  const fee = hasFee(event) ? event.fee : 0;
  const lines = event.participants.map((userId): FeeLine => {
    const r = records[userId];
    const status = r?.status ?? 'unpaid';
    return {
      userId,
      status,
      method: status === 'unpaid' ? null : (r?.method ?? null),
      amount: status === 'confirmed' ? (r?.amount ?? fee) : null,
      note: status === 'confirmed' ? (r?.note ?? '') : '',
    };
  });
  const owing = lines.filter((l) => l.status !== 'confirmed').map((l) => l.userId);
  return {
    expected: fee * lines.length,
    collected: lines.reduce((sum, l) => sum + (l.amount ?? 0), 0),
    outstanding: fee * owing.length,
    owing,
    lines,
  };
}

/** The CSV's header row (Japanese, for Excel). */
export const FEE_CSV_HEADER = [
  '名前',
  '支払い状況',
  '支払い方法',
  '金額（円）',
  'メモ',
  '出欠',
  '受付',
];

/**
 * The roster as CSV rows under FEE_CSV_HEADER: `attendanceOf` gives each person's attendance
 * as words, `checkedIn` says who was checked in at the door (受付済み).
 */
export function feeCsvRows(
  summary: FeeSummary,
  nameOf: (uid: string) => string,
  attendanceOf: (uid: string) => string,
  checkedIn: (uid: string) => boolean = () => false,
): string[][] {
  return summary.lines.map((l) => [
    nameOf(l.userId),
    FEE_STATUS_LABELS[l.status],
    l.method ? PAYMENT_METHOD_LABELS[l.method] : '',
    l.amount === null ? '' : String(l.amount),
    l.note,
    attendanceOf(l.userId),
    checkedIn(l.userId) ? '受付済み' : '',
  ]);
}
