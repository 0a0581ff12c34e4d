import * as z from 'zod/mini';

/*
 * Imported by the mail module outside src (mail/policy.ts), which the Cloud Functions compile as
 * a Node package: this file imports nothing but zod, by relative paths only.
 */

/**
 * One switch per kind of mail the product sends. Stored in users/{uid}/private/settings (Firebase:
 * readable by the owner and the Cloud Functions only) as `{ mail: { <kind>: boolean }, updatedAt }`.
 * New kinds are added here; the mail decisions both backends run read them (mail/policy.ts,
 * docs/mail.md).
 */
export const MAIL_KINDS = [
  'participationApproved',
  'participationRejected',
  'unreadMessages',
  'eventChanged',
  'eventCancelled',
  'eventReminder',
  'waitlistPromoted',
  'participantRemoved',
  'organizerParticipantChanges',
  'followedEvents',
  'headcountCheck',
  'boardAnnouncements',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export type EmailSettings = Record<MailKind, boolean>;

/**
 * A stored settings document of any shape, or none: a missing document, map or field reads as
 * the kind's default (DEFAULT_EMAIL_SETTINGS); a stored boolean decides.
 */
export function readEmailSettings(doc: unknown): EmailSettings {
  const mail =
    doc && typeof doc === 'object' && 'mail' in doc && doc.mail && typeof doc.mail === 'object'
      ? (doc.mail as Record<string, unknown>)
      : {};
  const out = {} as EmailSettings;
  // A kind the document does not name takes its default (most are on; a few start off).
  for (const kind of MAIL_KINDS) {
    out[kind] = typeof mail[kind] === 'boolean' ? mail[kind] : DEFAULT_EMAIL_SETTINGS[kind];
  }
  return out;
}

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
  eventChanged: {
    label: 'イベントの日時・場所の変更',
    description: '参加予定のイベントの開催日時や場所が変更されたときにお知らせします',
  },
  eventCancelled: {
    label: 'イベントの中止',
    description: '参加予定やリクエスト中のイベントが中止されたときにお知らせします',
  },
  eventReminder: {
    label: 'イベント前日のリマインダー',
    description: '参加予定のイベントの前日にお知らせします',
  },
  waitlistPromoted: {
    label: 'キャンセル待ちからの繰り上がり',
    description: 'キャンセル待ちから繰り上がったときにお知らせします',
  },
  participantRemoved: {
    label: '参加の取り消し',
    description: '主催者があなたのイベント参加を取り消したときにお知らせします',
  },
  organizerParticipantChanges: {
    label: '参加者の増減（主催者向け）',
    description: '主催するイベントで参加者が直接参加したり、参加をやめたりしたときにお知らせします',
  },
  followedEvents: {
    label: 'フォロー中の新着イベント',
    description: 'フォローしている主催者やチームが新しいイベントを公開したときにお知らせします',
  },
  headcountCheck: {
    label: '最少催行人数の確認（主催者向け）',
    description:
      '主催するイベントの参加者が判定日時に最少催行人数に届かなかったときにお知らせします',
  },
  boardAnnouncements: {
    label: '掲示板のお知らせ',
    description: '参加するイベントの主催者が掲示板で「参加者全員に通知」したときにお知らせします',
  },
};

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  participationApproved: true,
  participationRejected: true,
  unreadMessages: true,
  eventChanged: true,
  eventCancelled: true,
  eventReminder: true,
  waitlistPromoted: true,
  participantRemoved: true,
  organizerParticipantChanges: false,
  followedEvents: true,
  headcountCheck: true,
  boardAnnouncements: true,
};

/** Reads a stored settings document (any shape, or none) with the "missing means send" rule. */
export const emailSettingsSchema = z.lazy(() =>
  z.pipe(
    z.nullish(z.object({ mail: z.nullish(z.record(z.string(), z.unknown())) })),
    z.transform((doc) => readEmailSettings(doc)),
  ),
);
