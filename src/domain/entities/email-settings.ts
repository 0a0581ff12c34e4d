import * as z from 'zod/mini';
import {
  MAIL_KINDS,
  readEmailSettings,
  type EmailSettings,
  type MailKind,
} from '@functions/mail/policy';

/**
 * One switch per kind of mail the product sends. Stored in users/{uid}/private/settings (Firebase:
 * readable by the owner and the Cloud Functions only) as `{ mail: { <kind>: boolean }, updatedAt }`.
 * A missing document, map or field means "send": only an explicit false turns a kind off. The
 * kinds and that rule live with the mail decisions both backends run
 * (functions/src/mail/policy.ts, docs/mail.md).
 */
export { MAIL_KINDS, type EmailSettings, type MailKind };

export const MAIL_KIND_LABELS: Record<MailKind, { label: string; description: string }> = {
  participationApproved: {
    label: '参加リクエストの承認',
    description: '主催者があなたの参加リクエストを承認したときにお知らせします',
  },
  participationRejected: {
    label: '参加リクエストの見送り',
    description: '参加リクエストが見送られたときにお知らせします',
  },
  unreadMessages: {
    label: '未読メッセージ',
    description: '新しいメッセージが届いたときにお知らせします',
  },
};

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  participationApproved: true,
  participationRejected: true,
  unreadMessages: true,
};

/** Reads a stored settings document (any shape, or none) with the "missing means send" rule. */
export const emailSettingsSchema = z.pipe(
  z.nullish(z.object({ mail: z.nullish(z.record(z.string(), z.unknown())) })),
  z.transform((doc) => readEmailSettings(doc)),
);
