import Dexie from 'dexie';
import type { AdminSetupState, StaffDashboard, StaffPort, UserActivity } from '@/data/ports/staff';
import {
  NEW_USERS_WINDOW_DAYS,
  STAFF_EVENT_SCAN_BATCH,
  STAFF_EVENT_SCAN_MAX,
  STAFF_PAGE_SIZE,
} from '@/domain/constants';
import { auditEntrySchema, type AuditEntry, type NewAuditEntry } from '@/domain/entities/audit';
import type { Page } from '@/domain/entities/common';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import { reportSchema, type Report, type ReportStatus } from '@/domain/entities/report';
import { userProfileSchema, type Role, type UserProfile } from '@/domain/entities/user';
import { keywordMatcher } from '@/domain/event-search';
import {
  assertStaffRead,
  customUserIdLookup,
  decideAdminInit,
  decideResolveReport,
  decideRoleChange,
  decideStaffCancel,
  decideStandingChange,
  onlyHolder,
  staffCancelNotification,
  userSearch,
  type StaffActor,
} from '@/domain/rules/staff';
import type { StaffCancelReason } from '@/domain/entities/staff-cancel';
import { isSuspended } from '@/domain/rules/standing';
import { scanPage } from '@/lib/scan-page';
import type { LocalContext } from './context';
import { startOfDay } from './day';
import type { DocRow } from './db';
import { newId } from './ids';
import { decodeKeyCursor, encodeKeyCursor, type KeyPart } from './key-cursor';
import { parseRow, parseRows, tryParseRow } from './rows';

export class LocalStaff implements StaffPort {
  private readonly ctx: LocalContext;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  async dashboard(): Promise<StaffDashboard> {
    await this.assertStaffRead();
    const { db } = this.ctx;
    const now = this.ctx.now();
    const since = new Date(now.getTime() - NEW_USERS_WINDOW_DAYS * 86_400_000);
    const [users, newUsers, openEvents, pendingRequests, openReports] = await Promise.all([
      db.users.count(),
      db.users.where('[createdAt+id]').aboveOrEqual([since]).count(),
      db.events
        .where('[status+date]')
        .between(['open', startOfDay(now)], ['open', Dexie.maxKey])
        .count(),
      db.stats.get('participation').then((d) => Math.max(0, Number(d?.pending ?? 0))),
      db.reports.where('[status+createdAt+id]').between(['open'], ['open', Dexie.maxKey]).count(),
    ]);
    return { users, newUsers, openEvents, pendingRequests, openReports };
  }

  async searchUsers(query: string, cursor?: string | null): Promise<Page<UserProfile>> {
    await this.assertStaffRead();
    const { db } = this.ctx;
    const search = userSearch(query);
    const after = decodeKeyCursor(cursor, 2);
    let rows: DocRow[];
    if (!search) {
      rows = await db.users
        .where('[createdAt+id]')
        .below(after ?? Dexie.maxKey)
        .reverse()
        .limit(STAFF_PAGE_SIZE + 1)
        .toArray();
    } else {
      const upper = [`${search.prefix}\uffff`, Dexie.maxKey];
      rows = await db.users
        .where(`[${search.field}+id]`)
        .between(after ?? [search.prefix], upper, !after, false)
        .limit(STAFF_PAGE_SIZE + 1)
        .toArray();
    }
    const keyField = search?.field ?? 'createdAt';
    const page = toPage(rows, (row) => [row[keyField] as KeyPart, row.id]);
    return {
      items: parseRows(userProfileSchema, page.rows, 'staff.searchUsers').map((p) => ({
        ...p,
        email: '',
      })),
      nextCursor: page.nextCursor,
    };
  }

  async userByCustomId(customUserId: string): Promise<UserProfile | null> {
    await this.assertStaffRead();
    const id = customUserIdLookup(customUserId);
    if (!id) return null;
    const rows = await this.ctx.db.users
      .where('[customUserId+id]')
      .between([id], [id, Dexie.maxKey])
      .limit(2)
      .toArray();
    const row = onlyHolder(rows);
    return row ? parseRow(userProfileSchema, row) : null;
  }

  async userActivity(uid: string): Promise<UserActivity> {
    await this.assertStaffRead();
    const { db } = this.ctx;
    const [organizedEvents, joinedEvents, openReportsAbout, reportsFiled] = await Promise.all([
      db.events.where('organizerId').equals(uid).count(),
      db.events.where('participants').equals(uid).count(),
      db.reports
        .where('subjectUserId')
        .equals(uid)
        .filter((r) => r.status === 'open')
        .count(),
      db.reports.where('reporterId').equals(uid).count(),
    ]);
    return { organizedEvents, joinedEvents, openReportsAbout, reportsFiled };
  }

  async setRole(uid: string, role: Role): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.users, db.config, db.auditLog], async () => {
      const decision = decideRoleChange(
        await this.actor(),
        await this.profile(uid),
        role,
        await this.admins(),
      );
      if (!decision) return;
      const auditId = await this.addAudit(decision.audit);
      await db.users.update(uid, {
        role: decision.role,
        staffAuditId: auditId,
        updatedAt: this.ctx.now(),
      });
      if (decision.admins) await this.saveAdmins(decision.admins);
    });
  }

  async setActive(uid: string, active: boolean, note: string): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.users, db.auditLog], async () => {
      const decision = decideStandingChange(
        await this.actor(),
        await this.profile(uid),
        active,
        note,
      );
      if (!decision) return;
      const auditId = await this.addAudit(decision.audit);
      await db.users.update(uid, {
        isActive: decision.isActive,
        staffAuditId: auditId,
        updatedAt: this.ctx.now(),
      });
    });
  }

  /** Newest created first, walking [createdAt+id] backwards (scanPage with a keyword). */
  async recentEvents(keyword: string, cursor?: string | null): Promise<Page<SportEvent>> {
    await this.assertStaffRead();
    const { db } = this.ctx;
    const { items, next } = await scanPage({
      after: decodeKeyCursor(cursor, 2),
      read: (after, size) =>
        db.events
          .where('[createdAt+id]')
          .below(after ?? Dexie.maxKey)
          .reverse()
          .limit(size)
          .toArray(),
      keyOf: (row): KeyPart[] => [row.createdAt as Date, row.id],
      parse: (row) => tryParseRow(sportEventSchema, row, 'staff.recentEvents'),
      matches: keywordMatcher(keyword),
      pageSize: STAFF_PAGE_SIZE,
      batchSize: keyword.trim() ? STAFF_EVENT_SCAN_BATCH : STAFF_PAGE_SIZE + 1,
      maxExamined: STAFF_EVENT_SCAN_MAX,
    });
    return { items, nextCursor: next ? encodeKeyCursor(next) : null };
  }

  async cancelEvent(eventId: string, reason: StaffCancelReason, note: string): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.users, db.events, db.auditLog, db.notifications], async () => {
      const row = await db.events.get(eventId);
      const event = row ? parseRow(sportEventSchema, row) : null;
      const decision = decideStaffCancel(await this.actor(), event, reason, note);
      const now = this.ctx.now();
      const auditId = await this.addAudit(decision.audit);
      await db.events.update(eventId, {
        status: decision.status,
        staffCancelReason: decision.reason,
        staffAuditId: auditId,
        updatedAt: now,
      });
      await db.notifications.bulkPut(
        decision.notify.map((userId) => {
          const { id, notification } = staffCancelNotification(userId, event!, decision.reason);
          return { id, ...notification, read: false, timestamp: now, clientTimestamp: now };
        }),
      );
    });
  }

  async reports(status: ReportStatus, cursor?: string | null): Promise<Page<Report>> {
    await this.assertStaffRead();
    const after = decodeKeyCursor(cursor, 3);
    const rows = await this.ctx.db.reports
      .where('[status+createdAt+id]')
      .between([status], after ?? [status, Dexie.maxKey])
      .reverse()
      .limit(STAFF_PAGE_SIZE + 1)
      .toArray();
    const page = toPage(rows, (r) => [r.status as string, r.createdAt as Date, r.id]);
    return {
      items: parseRows(reportSchema, page.rows, 'staff.reports'),
      nextCursor: page.nextCursor,
    };
  }

  async resolveReport(reportId: string, note: string): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.users, db.reports, db.auditLog], async () => {
      const row = await db.reports.get(reportId);
      const decision = decideResolveReport(
        await this.actor(),
        row ? parseRow(reportSchema, row) : null,
        note,
      );
      const auditId = await this.addAudit(decision.audit);
      await db.reports.update(reportId, {
        status: decision.status,
        resolvedBy: decision.resolvedBy,
        resolutionNote: decision.resolutionNote,
        resolvedAt: this.ctx.now(),
        auditId,
      });
    });
  }

  async auditLog(cursor?: string | null): Promise<Page<AuditEntry>> {
    await this.assertStaffRead();
    const rows = await this.ctx.db.auditLog
      .where('[createdAt+id]')
      .below(decodeKeyCursor(cursor, 2) ?? Dexie.maxKey)
      .reverse()
      .limit(STAFF_PAGE_SIZE + 1)
      .toArray();
    const page = toPage(rows, (r) => [r.createdAt as Date, r.id]);
    return {
      items: parseRows(auditEntrySchema, page.rows, 'staff.auditLog'),
      nextCursor: page.nextCursor,
    };
  }

  async adminSetup(): Promise<AdminSetupState> {
    await this.assertStaffRead();
    return { adminExists: (await this.admins()).length > 0 };
  }

  async initializeAdmin(): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', [db.users, db.config, db.auditLog], async () => {
      const actor = await this.actor();
      const decision = decideAdminInit(
        actor,
        actor ? await this.profile(actor.uid) : null,
        await this.admins(),
      );
      const auditId = await this.addAudit(decision.audit);
      await db.users.update(actor!.uid, {
        role: decision.role,
        staffAuditId: auditId,
        updatedAt: this.ctx.now(),
      });
      await this.saveAdmins(decision.admins);
    });
  }

  /** The signed-in account with its role and standing as stored now (null when signed out). */
  private async actor(): Promise<StaffActor | null> {
    const user = this.ctx.currentUser();
    if (!user) return null;
    const profile = await this.profile(user.uid);
    return {
      uid: user.uid,
      email: user.email,
      emailVerified: user.emailVerified,
      suspended: isSuspended(profile),
      role: profile?.role ?? 'user',
    };
  }

  private async assertStaffRead(): Promise<void> {
    assertStaffRead(await this.actor());
  }

  private async profile(uid: string): Promise<UserProfile | null> {
    const row = await this.ctx.db.users.get(uid);
    return row ? parseRow(userProfileSchema, row) : null;
  }

  private async admins(): Promise<string[]> {
    const admins = (await this.ctx.db.config.get('admin'))?.admins;
    return Array.isArray(admins) ? admins.filter((a): a is string => typeof a === 'string') : [];
  }

  private async saveAdmins(admins: string[]): Promise<void> {
    const row = await this.ctx.db.config.get('admin');
    await this.ctx.db.config.put({ ...row, id: 'admin', admins });
  }

  /**
   * The log reads newest first by createdAt: two entries written within one millisecond still
   * keep the order they were written in (Firestore's server time has microseconds).
   */
  private async addAudit(entry: NewAuditEntry): Promise<string> {
    const id = newId();
    const last = await this.ctx.db.auditLog.orderBy('[createdAt+id]').last();
    const now = this.ctx.now();
    const createdAt =
      last && last.createdAt.getTime() >= now.getTime()
        ? new Date(last.createdAt.getTime() + 1)
        : now;
    await this.ctx.db.auditLog.add({ id, ...entry, createdAt });
    return id;
  }
}

/** The first STAFF_PAGE_SIZE rows of a PAGE+1 read, and the cursor after them if more exist. */
function toPage<R extends DocRow>(
  rows: R[],
  key: (row: R) => KeyPart[],
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, STAFF_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > STAFF_PAGE_SIZE && last ? encodeKeyCursor(key(last)) : null,
  };
}
