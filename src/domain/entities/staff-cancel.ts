/** Why staff called an event off; the organizer and the participants are told which. */
export const STAFF_CANCEL_REASONS = [
  'terms_violation',
  'fraud',
  'safety',
  'duplicate',
  'other',
] as const;
export type StaffCancelReason = (typeof STAFF_CANCEL_REASONS)[number];
export const STAFF_CANCEL_REASON_LABELS: Record<StaffCancelReason, string> = {
  terms_violation: '利用規約への違反',
  fraud: '虚偽・詐欺の疑い',
  safety: '安全上の理由',
  duplicate: '重複した登録',
  other: 'その他の理由',
};
