import type { ReportsPort } from '@/data/ports/reports';
import { conversationSchema, messageSchema } from '@/domain/entities/conversation';
import { sportEventSchema } from '@/domain/entities/event';
import { reportDocId, type ReportInput, type ReportTarget } from '@/domain/entities/report';
import { teamSchema } from '@/domain/entities/team';
import { userProfileSchema } from '@/domain/entities/user';
import {
  decideReport,
  eventSubject,
  messageSubject,
  teamSubject,
  userSubject,
  type ReportSubject,
} from '@/domain/rules/staff';
import { isSuspended } from '@/domain/rules/standing';
import type { LocalContext } from './context';
import { parseRow } from './rows';

export class LocalReports implements ReportsPort {
  private readonly ctx: LocalContext;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  async file(target: ReportTarget, input: ReportInput): Promise<void> {
    const { db } = this.ctx;
    const tables = [db.users, db.events, db.teams, db.conversations, db.messages, db.reports];
    await db.transaction('rw', tables, async () => {
      const user = this.ctx.currentUser();
      const me = user ? await db.users.get(user.uid) : undefined;
      const profile = me ? parseRow(userProfileSchema, me) : null;
      const actor = user
        ? { uid: user.uid, emailVerified: user.emailVerified, suspended: isSuspended(profile) }
        : null;
      const subject = await this.subject(target);
      const existing = actor ? await db.reports.get(reportDocId(target, actor.uid)) : undefined;
      const { id, report } = decideReport(actor, target, input, subject, existing !== undefined);
      await db.reports.add({ id, ...report, createdAt: this.ctx.now() });
    });
  }

  private async subject(target: ReportTarget): Promise<ReportSubject | null> {
    const { db } = this.ctx;
    switch (target.type) {
      case 'event': {
        const row = await db.events.get(target.id);
        return eventSubject(row ? parseRow(sportEventSchema, row) : null);
      }
      case 'team': {
        const row = await db.teams.get(target.id);
        return teamSubject(row ? parseRow(teamSchema, row) : null);
      }
      case 'user': {
        const row = await db.users.get(target.id);
        return userSubject(row ? parseRow(userProfileSchema, row) : null);
      }
      case 'message': {
        const conversation = await db.conversations.get(target.conversationId);
        const message = await db.messages.get(target.messageId);
        return messageSubject(
          conversation ? parseRow(conversationSchema, conversation) : null,
          message?.conversationId === target.conversationId
            ? parseRow(messageSchema, message)
            : null,
        );
      }
    }
  }
}
