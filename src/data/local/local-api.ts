import type { SeriesDatesBody } from '@mail/handlers/series-dates';
import type { SeriesChangeBody } from '@mail/handlers/series-changes';
import {
  readChangeRecord,
  type HandlerRequest,
  type HandlerResponse,
  type Logger,
} from '@mail/handlers/common';
import { boardPostRecord } from '@mail/handlers/board-announcements';
import { EVENT_MAIL_REQUESTERS_LIMIT } from '@mail/handlers/event-change-mail';
import { runEventReminders, type ReminderRun } from '@mail/handlers/event-reminders';
import type { HeadcountRun } from '@mail/handlers/headcount-decisions';
import { handleSendEmail, type SendEmailDeps } from '@mail/handlers/send-email';
import {
  handleTrackUnreadMessage,
  type TrackUnreadDeps,
} from '@mail/handlers/track-unread-message';
import { createMemoryRateLimiter, readEmailSettings } from '@mail/policy';

/** What the handlers read from the database (the rest of their dependencies is the platform's). */
export type MailReads = Pick<
  SendEmailDeps & TrackUnreadDeps,
  | 'isSuspended'
  | 'getEvent'
  | 'getPendingRequesters'
  | 'getRequest'
  | 'getNotification'
  | 'getConversation'
  | 'getMessage'
  | 'getDisplayName'
  | 'getEmailSettings'
>;
import type { ApiPort, UnreadMessagePing } from '@/data/ports/api';
import { sportEventSchema } from '@/domain/entities/event';
import { DomainError } from '@/domain/errors';
import { isSuspended } from '@/domain/rules/standing';
import { logger } from '@/lib/logger';
import { currentUid, type LocalContext } from './context';
import { privateDocId, type LocalDb } from './db';
import { localReminderStores } from './local-reminders';
import { deliverMail } from './outbox';
import * as z from 'zod/mini';
import { dexieStorage } from './storage';
import { DOC_ID } from '@/data/storage/storage';
import { writeNotification } from '@/data/use-cases/context';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Stands in for the Cloud Functions: it runs their handlers itself (handleSendEmail,
 * handleTrackUnreadMessage and the scheduled runEventReminders in mail/handlers), on this database instead of Firestore and
 * the Auth service, and "sends" into the outbox, where the demo outbox page (and the tests) read
 * it. Each call takes the way an HTTP request takes there, through acceptPost: a POST, the
 * caller's identity, an account that is not suspended, the caller's quota, the body against the
 * endpoint's schema; then the same renderer writes the mail and the same decisions (the
 * recipient's settings, one mail per cause, a verified address only, the recipient's hourly
 * quota) hold on both backends (docs/mail.md). The counters live in this tab's memory, as in the
 * Functions emulator.
 */
export class LocalApi implements ApiPort {
  private readonly ctx: LocalContext;
  private readonly deps: SendEmailDeps & TrackUnreadDeps;

  constructor(ctx: LocalContext, origin: string) {
    this.ctx = ctx;
    const { db, now } = ctx;
    // The handlers' info lines (sent, or skipped and why) would repeat the answer, which
    // answer() below logs once, as the Firebase api port does.
    const log: Logger = {
      info: () => {},
      warn: (message, data) => logger.warn(`local functions: ${message}`, data),
      error: (message, data) => logger.error(`local functions: ${message}`, data),
    };
    this.deps = {
      // This backend has no ID tokens: the session of this tab stands for one, so the "token"
      // is the signed-in uid, and it verifies only while that account exists and is signed in.
      verifyIdToken: async (token) => {
        if (token !== currentUid(ctx) || !(await db.accounts.get(token))) {
          throw new Error('not the signed-in account');
        }
        return { uid: token };
      },
      ...localMailReads(db),
      // The followers and their notices through the storage interface, as the use cases read
      // and write (the Functions do the same on Firestore: functions/src/firestore-deps.ts).
      async followersPage(key, { limit, after }) {
        const docs = await dexieStorage(db, now).query({
          collection: 'follows',
          where: [{ field: 'targetKey', op: '==', value: key }],
          orderBy: [{ field: DOC_ID }],
          limit,
          after,
        });
        return {
          uids: docs.map((d) => str(d.data.followerId)).filter(Boolean),
          next: docs.length === limit ? docs.at(-1)!.cursor : null,
        };
      },
      async writeFollowerNotices(notices) {
        await dexieStorage(db, now).batch((w) => {
          for (const n of notices) writeNotification(w, n, now());
        });
      },
      // A board post and its announcement's notices, the same way (docs/board.md).
      async getBoardPost(eventId, postId) {
        const doc = await dexieStorage(db, now).get(`eventBoards/${eventId}/posts/${postId}`);
        return doc ? boardPostRecord(doc.data, (v) => (v instanceof Date ? v : null)) : null;
      },
      async writeAnnouncementNotices(notices) {
        await dexieStorage(db, now).batch((w) => {
          for (const n of notices) writeNotification(w, n, now());
        });
      },
      async existingAnnouncementNotices(ids) {
        const found = await db.notifications.bulkGet(ids);
        return new Set(found.flatMap((n) => (n ? [n.id] : [])));
      },
      async recordAnnouncementOutcome(eventId, postId, outcome) {
        await dexieStorage(db, now).update(`eventBoards/${eventId}/posts/${postId}`, {
          announceOutcome: { ...outcome, at: now() },
        });
      },
      // The accounts table is this backend's auth service: its address and verified flag.
      async getAuthRecipient(uid) {
        const account = await db.accounts.get(uid);
        return account
          ? { email: account.email, emailVerified: account.emailVerified, disabled: false }
          : null;
      },
      async sendMail(mail) {
        await deliverMail(db, { to: mail.to, subject: mail.subject, body: mail.text }, now());
        return {};
      },
      throttle: createMemoryRateLimiter(now),
      now,
      appBaseUrl: origin.replace(/\/+$/, ''),
      log,
    };
  }

  async sendNotificationEmail(
    payload: Parameters<ApiPort['sendNotificationEmail']>[0],
  ): Promise<void> {
    answer('api.sendNotificationEmail', await handleSendEmail(this.post(payload), this.deps));
  }

  async trackUnreadMessage(payload: UnreadMessagePing): Promise<void> {
    answer('api.trackUnreadMessage', await handleTrackUnreadMessage(this.post(payload), this.deps));
  }

  /**
   * One run of the day-before reminder (runEventReminders), which on Firebase the scheduled
   * Cloud Function makes every 15 minutes: the same handler on this database, mailing into the
   * outbox. The app runs it while it is open (src/app/scheduled-work.ts); a reminder stays due
   * until its event starts, so a run catches up on what was missed while the app was closed.
   */
  async runDueReminders(): Promise<ReminderRun> {
    const { db, now } = this.ctx;
    const run = await runEventReminders({
      ...this.deps,
      ...localReminderStores(dexieStorage(db, now), now),
    });
    logger.info('scheduled.eventReminders', { ...run });
    return run;
  }

  /**
   * One run of the minimum-headcount decision (runHeadcountDecisions), which on Firebase the
   * scheduled Cloud Function makes: the same handler on this database, mailing into the outbox.
   * A decision stays due until it is made, so a run catches up on what came due while the app
   * was closed.
   */
  async runHeadcountDecisions(): Promise<HeadcountRun> {
    const { db, now } = this.ctx;
    const [{ runHeadcountDecisions }, { localHeadcountStores }] = await Promise.all([
      import('@mail/handlers/headcount-decisions'),
      import('./local-headcount'),
    ]);
    const run = await runHeadcountDecisions({
      ...this.deps,
      ...localHeadcountStores(dexieStorage(db, now), now),
    });
    logger.info('scheduled.headcountDecisions', { ...run });
    return run;
  }

  /**
   * A new series' first dates (handleSeriesDates), which on Firebase the seriesDates Function
   * makes: the same handler on this database.
   */
  async seriesDates(payload: SeriesDatesBody): Promise<void> {
    const { db, now } = this.ctx;
    // Loaded on the first call: the generator computes with rrule, which no other call needs.
    const [{ handleSeriesDates }, { localSeriesStores }] = await Promise.all([
      import('@mail/handlers/series-dates'),
      import('./local-series'),
    ]);
    answer(
      'api.seriesDates',
      await handleSeriesDates(this.post(payload), {
        ...this.deps,
        ...localSeriesStores(dexieStorage(db, now), db, now),
      }),
    );
  }

  /**
   * 「この日以降すべて」 or the end of a series (handleSeriesChange), which on Firebase the
   * seriesChange Function makes: the same handler on this database, mailing into the outbox.
   */
  async seriesChange(payload: SeriesChangeBody): Promise<void> {
    const { db, now } = this.ctx;
    const [{ handleSeriesChange }, { localSeriesChangeStores }] = await Promise.all([
      import('@mail/handlers/series-changes'),
      import('./local-series-changes'),
    ]);
    answer(
      'api.seriesChange',
      await handleSeriesChange(this.post(payload), {
        ...this.deps,
        ...localSeriesChangeStores(dexieStorage(db, now), now),
      }),
    );
  }

  /** The request the Firebase api port sends: a POST with the caller's token and the body. */
  private post(body: unknown): HandlerRequest {
    const uid = currentUid(this.ctx);
    if (!uid) throw new DomainError('loginRequired');
    // Through JSON, as over the wire: what JSON drops never reaches the handler.
    const wire = JSON.parse(JSON.stringify(body)) as unknown;
    return { method: 'POST', headers: { authorization: `Bearer ${uid}` }, body: wire };
  }
}

/** As the Firebase api port takes the Function's answer: a 2xx is logged, anything else thrown. */
function answer(context: string, res: HandlerResponse): void {
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${res.status}: ${JSON.stringify(res.body)}`);
  }
  logger.info(context, { status: res.status, body: res.body });
}

/**
 * The handlers' reads on this database: what functions/src/firestore-deps.ts reads on Firestore
 * for the Cloud Functions, held to the same contract (tests/contract/mail-reads.contract.ts).
 */
export function localMailReads(db: LocalDb): MailReads {
  return {
    async isSuspended(uid) {
      return isSuspended({
        isActive: (await db.users.get(uid))?.isActive as boolean | undefined,
      });
    },
    async getEvent(id) {
      const row = await db.events.get(id);
      if (!row) return null;
      const e = z.parse(sportEventSchema, row);
      const asDate = (v: unknown) => (v instanceof Date ? v : null);
      return {
        ...e,
        date: e.date.getTime() === 0 ? null : e.date,
        staffCancelReason: e.staffCancelReason ?? '',
        lastChange: readChangeRecord(row.lastChange, asDate),
        updatedAt: asDate(row.updatedAt),
      };
    },
    async getPendingRequesters(eventId) {
      const rows = await db.participationRequests
        .where('[eventId+status]')
        .equals([eventId, 'pending'])
        .limit(EVENT_MAIL_REQUESTERS_LIMIT)
        .toArray();
      return rows.map((r) => str(r.userId)).filter(Boolean);
    },
    async getRequest(id) {
      const row = await db.participationRequests.get(id);
      if (!row) return null;
      return {
        id,
        userId: str(row.userId),
        eventId: str(row.eventId),
        status: str(row.status),
        fromWaitlist: (row as { fromWaitlist?: unknown }).fromWaitlist === true,
      };
    },
    async getNotification(id) {
      const row = await db.notifications.get(id);
      if (!row) return null;
      const data =
        row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {};
      const at = (row as { timestamp?: unknown }).timestamp;
      const createdAt = at instanceof Date ? at : null;
      return { userId: str(row.userId), type: str(row.type), data, createdAt };
    },
    async getConversation(id) {
      const row = await db.conversations.get(id);
      return row
        ? { id, participants: row.participants.filter((p) => typeof p === 'string') }
        : null;
    },
    async getMessage(conversationId, messageId) {
      const row = await db.messages.get(messageId);
      if (!row || row.conversationId !== conversationId) return null;
      return { id: messageId, senderId: row.senderId, read: row.read === true };
    },
    async getDisplayName(uid) {
      return str((await db.users.get(uid))?.displayName).trim() || null;
    },
    async getEmailSettings(uid) {
      return readEmailSettings(await db.privateDocs.get(privateDocId(uid, 'settings')));
    },
  };
}
