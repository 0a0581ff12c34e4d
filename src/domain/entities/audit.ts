import * as z from 'zod/mini';
import { optionalTime, text } from './common';

/** Every staff action is recorded in the audit log, in the same write as the action. */
export const AUDIT_ACTIONS = [
  'role_changed',
  'account_suspended',
  'account_reactivated',
  'event_cancelled',
  'report_resolved',
  'admin_initialized',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  role_changed: '役割の変更',
  account_suspended: '利用停止',
  account_reactivated: '利用再開',
  event_cancelled: 'イベントの中止',
  report_resolved: '通報への対応',
  admin_initialized: '管理者の初期設定',
};

export const AUDIT_TARGET_TYPES = ['user', 'event', 'report'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** What an action records beyond who, what and when (all strings; '' when not used). */
export interface AuditDetails {
  /** role_changed: the role before and after. */
  from: string;
  to: string;
  /** event_cancelled: the reason code (STAFF_CANCEL_REASONS). */
  reason: string;
  /** The staff member's note: why they suspended, cancelled, how they resolved. */
  note: string;
}

/** A new entry as a backend writes it, with its server time. */
export interface NewAuditEntry extends AuditDetails {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The target's name or title at the time, so the log reads without looking anything up. */
  targetLabel: string;
}

export const auditEntrySchema = z.lazy(() =>
  z.object({
    id: z.string(),
    actorId: text(),
    action: z.pipe(
      z.nullish(z.string()),
      z.transform((v) => v ?? ''),
    ),
    targetType: text(),
    targetId: text(),
    targetLabel: text(),
    from: text(),
    to: text(),
    reason: text(),
    note: text(),
    createdAt: optionalTime,
  }),
);
export type AuditEntry = z.output<typeof auditEntrySchema>;

/** Builds an entry with the unused details empty. */
export function auditEntry(
  base: Omit<NewAuditEntry, keyof AuditDetails>,
  details: Partial<AuditDetails> = {},
): NewAuditEntry {
  return { ...base, from: '', to: '', reason: '', note: '', ...details };
}
