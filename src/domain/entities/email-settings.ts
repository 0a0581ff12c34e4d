import { z } from 'zod';

/**
 * One switch per kind of mail the product sends. Stored in users/{uid}/private/settings (Firebase:
 * readable by the owner and the Cloud Functions only) as `{ mail: { <kind>: boolean }, updatedAt }`.
 * A missing document, map or field means "send": only an explicit false turns a kind off.
 */
export const MAIL_KINDS = [
  'participationApproved',
  'participationRejected',
  'unreadMessages',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, { label: string; description: string }> = {
  participationApproved: {
    label: '参加リクエストの承認',
    description: '主催者があなたの参加リクエストを承認したときにお知らせします',
  },
  participationRejected: {
    label: '参加リクエストの見送り',
    description: '主催者があなたの参加リクエストを見送ったときにお知らせします',
  },
  unreadMessages: {
    label: '未読メッセージ',
    description: '新しいメッセージが届いたときにお知らせします',
  },
};

export type EmailSettings = Record<MailKind, boolean>;

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  participationApproved: true,
  participationRejected: true,
  unreadMessages: true,
};

/** Reads a stored settings document (any shape, or none) with the "missing means send" rule. */
export const emailSettingsSchema = z
  .object({ mail: z.record(z.string(), z.unknown()).nullish() })
  .nullish()
  .transform((doc): EmailSettings => {
    const stored = doc?.mail ?? {};
    const out = { ...DEFAULT_EMAIL_SETTINGS };
    for (const kind of MAIL_KINDS) out[kind] = stored[kind] !== false;
    return out;
  });

/** Whether a mail of this kind may go to a recipient with these settings. */
export function mailAllowed(settings: EmailSettings, kind: MailKind): boolean {
  return settings[kind];
}
