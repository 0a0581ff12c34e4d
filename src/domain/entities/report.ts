import * as z from 'zod/mini';
import { REPORT_DETAIL_MAX } from '@/domain/constants';
import { ERR } from '@/domain/errors';
import { optionalTime, text } from './common';

/** What can be reported (通報), each from its own screen (docs/staff.md "Reports"). */
export const REPORT_TARGET_TYPES = [
  'event',
  'team',
  'user',
  'message',
  'eventPost',
  'teamPost',
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  event: 'イベント',
  team: 'チーム',
  user: 'ユーザー',
  message: 'メッセージ',
  eventPost: '掲示板の投稿',
  teamPost: 'チャットの投稿',
};

export const REPORT_REASONS = [
  'spam',
  'inappropriate',
  'harassment',
  'fraud',
  'dangerous',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'スパム・宣伝目的',
  inappropriate: '不適切な内容',
  harassment: '嫌がらせ・誹謗中傷',
  fraud: '詐欺・虚偽の内容',
  dangerous: '危険な行為・安全上の問題',
  other: 'その他',
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: '未対応',
  resolved: '対応済み',
};

/**
 * What a report points at. A message is found through its conversation, and only a
 * participant of that conversation may report it.
 */
export type ReportTarget =
  | { type: 'event' | 'team' | 'user'; id: string }
  | { type: 'message'; conversationId: string; messageId: string }
  | { type: 'eventPost' | 'teamPost'; boardId: string; postId: string };

/** A post of an event board or a team chat (docs/board.md), found through its board. */
export const isPostTarget = (
  target: ReportTarget,
): target is Extract<ReportTarget, { boardId: string }> =>
  target.type === 'eventPost' || target.type === 'teamPost';

/** The id of the reported document itself (the message id for a message). */
export function reportTargetId(target: ReportTarget): string {
  if (target.type === 'message') return target.messageId;
  return isPostTarget(target) ? target.postId : target.id;
}

/**
 * One report per person and target: the id is made of both, so reporting the same thing twice
 * is refused (alreadyReported) instead of filling the queue. The rules compute the same id.
 */
export function reportDocId(target: ReportTarget, reporterId: string): string {
  return `${target.type}-${reportTargetId(target)}-${reporterId}`;
}

/** What the reporter types: a reason from the list and optional free text. */
export const reportInputSchema = z.lazy(() =>
  z.object({
    reason: z.enum(REPORT_REASONS, { message: ERR.reportReasonRequired }),
    detail: z.string().check(z.trim(), z.maxLength(REPORT_DETAIL_MAX, ERR.reportDetailTooLong)),
  }),
);
export type ReportInput = z.infer<typeof reportInputSchema>;

const enumOr = <T extends string>(values: readonly T[], fallback: T) =>
  z.pipe(
    z.nullish(z.string()),
    z.transform((v): T => (values.includes(v as T) ? (v as T) : fallback)),
  );

/** A stored report as staff read it. */
export const reportSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    reporterId: text(),
    targetType: enumOr(REPORT_TARGET_TYPES, 'user'),
    targetId: text(),
    /** For a message: its conversation (messages live under it); for a post: its board's id. */
    conversationId: text(),
    /** The target's title or name when reported; for a message, its text (staff cannot open it). */
    targetLabel: text(),
    /** Whose content it is: the organizer, the team owner, the profile's user, the sender. */
    subjectUserId: text(),
    reason: enumOr(REPORT_REASONS, 'other'),
    detail: text(),
    status: enumOr(REPORT_STATUSES, 'open'),
    createdAt: optionalTime,
    resolvedAt: optionalTime,
    resolvedBy: text(),
    resolutionNote: text(),
  }),
);
export type Report = z.output<typeof reportSchema>;

/**
 * Where a staff member opens what was reported; a message has no page staff may open, a post
 * the page of its event or team (whose board staff do not read: the report quotes the post).
 */
export function reportTargetPath(
  report: Pick<Report, 'targetType' | 'targetId' | 'conversationId'>,
): string | null {
  const id = encodeURIComponent(report.targetId);
  switch (report.targetType) {
    case 'event':
      return `/events/${id}`;
    case 'team':
      return `/teams/${id}`;
    case 'user':
      return `/profile/${id}`;
    case 'message':
      return null;
    case 'eventPost':
      return `/events/${encodeURIComponent(report.conversationId)}`;
    case 'teamPost':
      return `/teams/${encodeURIComponent(report.conversationId)}`;
  }
}
