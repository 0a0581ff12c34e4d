/**
 * Why an organizer removed a participant, from a fixed list: the participant is shown the label
 * in their notification and mail (a notification carries no free text).
 */
export const REMOVAL_REASONS = [
  'capacity_change',
  'requirements',
  'duplicate',
  'conduct',
  'other',
] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];
export const REMOVAL_REASON_LABELS: Record<RemovalReason, string> = {
  capacity_change: '定員や内容の見直し',
  requirements: '参加条件を満たしていない',
  duplicate: '重複した登録',
  conduct: '利用規約やマナーへの違反',
  other: 'その他の理由（詳しくは主催者にお問い合わせください）',
};
