import type { ApiPort, ApprovalEmail, RejectionEmail, UnreadMessagePing } from '@/data/ports/api';
import { emailSettingsSchema, mailAllowed, type MailKind } from '@/domain/entities/email-settings';
import { formatLongDate } from '@/domain/format';
import { logger } from '@/lib/logger';
import { privateDocId, type LocalDb } from './db';
import { deliverMail, type MailDraft } from './outbox';

/**
 * Stands in for the two Cloud Functions: instead of sending mail it keeps it in the outbox,
 * where the demo outbox page (and the tests) can read it.
 */
export class LocalApi implements ApiPort {
  private readonly db: LocalDb;
  private readonly origin: string;
  private readonly now: () => Date;

  constructor(db: LocalDb, origin: string, now: () => Date) {
    this.db = db;
    this.origin = origin;
    this.now = now;
  }

  async sendNotificationEmail(payload: ApprovalEmail | RejectionEmail): Promise<void> {
    const approved = payload.type === 'event_approved';
    const kind = approved ? 'participationApproved' : 'participationRejected';
    if (!(await this.wanted(payload.recipientId, kind))) return;
    await this.deliver(approved ? this.approvalMail(payload) : this.rejectionMail(payload));
  }

  async trackUnreadMessage(payload: UnreadMessagePing): Promise<void> {
    if (!(await this.wanted(payload.recipientId, 'unreadMessages'))) return;
    await this.deliver({
      to: payload.recipientEmail,
      subject: `【スポーツコミュニティ】${payload.senderName || 'ユーザー'}さんから新しいメッセージが届いています`,
      body: [
        `${payload.senderName || 'ユーザー'}さんから未読のメッセージがあります。`,
        '以下のリンクからメッセージを確認してください。',
        '',
        `${this.origin}/messages/${encodeURIComponent(payload.conversationId)}`,
        '',
        'メール通知の設定は、メール設定画面から変更できます。',
        `${this.origin}/email-settings`,
      ].join('\n'),
    });
  }

  private approvalMail(p: ApprovalEmail): MailDraft {
    return {
      to: p.recipientEmail,
      subject: `【スポーツコミュニティ】「${p.eventTitle}」への参加が承認されました`,
      body: [
        '参加リクエストが主催者に承認されました。当日お会いできるのを楽しみにしています。',
        '',
        `イベント: ${p.eventTitle}`,
        `開催日: ${readableDate(p.eventDate)}`,
        `場所: ${p.eventLocation || '未定'}`,
        '',
        'イベントの詳細は以下のリンクからご確認ください。',
        `${this.origin}/events/${encodeURIComponent(p.eventId)}`,
      ].join('\n'),
    };
  }

  private rejectionMail(p: RejectionEmail): MailDraft {
    return {
      to: p.recipientEmail,
      subject: `【スポーツコミュニティ】「${p.eventTitle}」への参加リクエストについて`,
      body: [
        `「${p.eventTitle}」への参加リクエストは、主催者（${p.organizerName || '主催者'}さん）により今回は見送りとなりました。`,
        '',
        'ほかにも参加者を募集しているイベントがたくさんあります。ぜひ探してみてください。',
        `${this.origin}/events`,
      ].join('\n'),
    };
  }

  /** The recipient's email settings allow this kind, as the Functions check them. */
  private async wanted(recipientId: string, kind: MailKind): Promise<boolean> {
    const stored = await this.db.privateDocs.get(privateDocId(recipientId, 'settings'));
    if (mailAllowed(emailSettingsSchema.parse(stored ?? null), kind)) return true;
    logger.info('local api: mail not sent, the recipient turned it off', kind);
    return false;
  }

  private async deliver(mail: MailDraft): Promise<void> {
    if (!mail.to) {
      // The Function would answer 400 for a missing recipient; here it is only worth a warning.
      logger.warn('local api: mail without recipient dropped', mail.subject);
      return;
    }
    await deliverMail(this.db, mail, this.now());
  }
}

/** The approval payload carries yyyy-MM-dd; the mail reads better as a Japanese long date. */
function readableDate(ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  return formatLongDate(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}
