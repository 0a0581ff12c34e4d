import type * as z from 'zod/mini';
import type { AdminSetupState, StaffDashboard, UserActivity } from '@/data/ports/staff';
import {
  fieldOp,
  orderByThenId,
  type Filter,
  type Query,
  type Transaction,
  autoId,
} from '@/data/storage/storage';
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
import type { StaffCancelReason } from '@/domain/entities/staff-cancel';
import { userProfileSchema, type Role, type UserProfile } from '@/domain/entities/user';
import { keywordMatcher, searchTokenFor } from '@/domain/event-search';
import {
  assertSetupAccount,
  assertStaffRead,
  assertStaffWrite,
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
import { isSuspended } from '@/domain/rules/standing';
import { scanPage } from '@/lib/scan-page';
import {
  eventPath,
  parseDoc,
  parseDocs,
  parsePage,
  readEvent,
  writeNotification,
  writeNotificationBatches,
  type SignedIn,
  type UseCaseContext,
} from './context';
import { PENDING_STATS_PATH } from './pending-count';

const CONFIG_ADMIN = 'config/admin';
/** Sorts after every string a name or id holds: the upper bound of a prefix range. */
const MAX_CHAR = '\u{10FFFF}';
/** Notifications written in the cancelling transaction; any further ones follow in batches. */
const NOTIFY_IN_TRANSACTION = 400;

const newestFirst = orderByThenId('createdAt', 'desc');

/**
 * The staff area (docs/staff.md), written once for both backends: the domain decides
 * (src/domain/rules/staff.ts), and each change is written with its audit entry in one
 * transaction, in the shapes firestore.rules accept. Each method's statements follow the
 * convention in src/data/ports/backend.ts.
 *
 * Caller, for every method: staff (staffRank: role admin or moderator, or the verified set-up
 * account; not suspended). Reads refuse a visitor with loginRequired and anyone else with
 * staffOnly, before any staff data is read. Writes refuse with assertMayWrite's messages
 * (loginRequired, accountSuspended), then staffOnly.
 * Lists: STAFF_PAGE_SIZE a page; nextCursor is null on the last page; an unreadable cursor
 * starts from the first page; unreadable stored documents are left out (and logged).
 * Writes: the change, its audit-log entry and any notifications are one atomic write; a write
 * that changes nothing (a role or a standing the user already has) writes nothing, no entry.
 */
export function staffUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  /** The signed-in account with its role and standing as stored now (null when signed out). */
  const readActor = async (
    who: SignedIn | null,
    tx?: Pick<Transaction, 'get'>,
  ): Promise<StaffActor | null> => {
    if (!who) return null;
    const profile = parseDoc(userProfileSchema, await (tx ?? storage).get(`users/${who.uid}`));
    return {
      uid: who.uid,
      email: who.email ?? '',
      emailVerified: who.emailVerified,
      suspended: isSuspended(profile),
      role: profile?.role ?? 'user',
    };
  };

  const guardRead = async () => assertStaffRead(await readActor(await ctx.session()));

  const readProfile = async (tx: Transaction, uid: string): Promise<UserProfile | null> =>
    uid ? parseDoc(userProfileSchema, await tx.get(`users/${uid}`)) : null;

  const readAdmins = async (tx: Transaction): Promise<string[]> => {
    const admins = (await tx.get(CONFIG_ADMIN))?.data.admins;
    return Array.isArray(admins) ? admins.filter((a): a is string => typeof a === 'string') : [];
  };

  /** The entry goes into the same transaction; the changed document points at it. */
  const addAudit = (tx: Transaction, entry: NewAuditEntry): string => {
    const id = autoId();
    tx.set(`auditLog/${id}`, { ...entry, createdAt: fieldOp.serverTime() });
    return id;
  };

  /** A page of STAFF_PAGE_SIZE from the query, parsed with `schema` (parsePage). */
  const page = async <S extends z.core.$ZodType>(schema: S, query: Query, context: string) => {
    const docs = await storage.query({ ...query, limit: STAFF_PAGE_SIZE + 1 });
    return parsePage(schema, docs, STAFF_PAGE_SIZE, context);
  };

  const count = (collection: string, ...where: Filter[]) => storage.count({ collection, where });

  return {
    /** The five counts of the dashboard, counted by the backend. Fails: throws. */
    async dashboard(): Promise<StaffDashboard> {
      await guardRead();
      const now = ctx.now();
      const since = new Date(now.getTime() - NEW_USERS_WINDOW_DAYS * 86_400_000);
      const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
      const [users, newUsers, openEvents, stats, openReports] = await Promise.all([
        count('users'),
        count('users', { field: 'createdAt', op: '>=', value: since }),
        count(
          'events',
          { field: 'status', op: '==', value: 'open' },
          { field: 'date', op: '>=', value: today },
        ),
        storage.get(PENDING_STATS_PATH),
        count('reports', { field: 'status', op: '==', value: 'open' }),
      ]);
      // Requests pending before the count was kept are not in it, so it may read below zero.
      const pendingRequests = Math.max(0, Number(stats?.data.pending ?? 0) || 0);
      return { users, newUsers, openEvents, pendingRequests, openReports };
    },

    /**
     * Users whose customUserId (a query starting "user_") or display name starts with the query
     * (domain userSearch), ordered by that field then id; an empty query: newest accounts first
     * (createdAt, then id). Profiles come with email '' (userByCustomId shows the address). Fails:
     * throws.
     */
    async searchUsers(text: string, cursor?: string | null): Promise<Page<UserProfile>> {
      await guardRead();
      const search = userSearch(text);
      const result = await page(
        userProfileSchema,
        search
          ? {
              collection: 'users',
              where: [
                { field: search.field, op: '>=', value: search.prefix },
                { field: search.field, op: '<', value: search.prefix + MAX_CHAR },
              ],
              orderBy: orderByThenId(search.field),
              after: cursor,
            }
          : { collection: 'users', orderBy: newestFirst, after: cursor },
        'staff.searchUsers',
      );
      return { ...result, items: result.items.map((p) => ({ ...p, email: '' })) };
    },

    /**
     * The user with exactly this customUserId, with the account's address. Missing: null (also for
     * ''). Fails: throws.
     */
    async userByCustomId(customUserId: string): Promise<UserProfile | null> {
      await guardRead();
      const id = customUserIdLookup(customUserId);
      if (!id) return null;
      // The reservation names the one account holding the id; an id given before reservations
      // existed is found on the profiles, and only when exactly one holds it.
      const reserved = (await storage.get(`customUserIds/${id}`))?.data.uid;
      const holders =
        typeof reserved === 'string'
          ? [parseDoc(userProfileSchema, await storage.get(`users/${reserved}`))].filter(
              (p): p is UserProfile => p !== null,
            )
          : parseDocs(
              userProfileSchema,
              await storage.query({
                collection: 'users',
                where: [{ field: 'customUserId', op: '==', value: id }],
                limit: 2,
              }),
              'staff.userByCustomId',
            );
      const profile = onlyHolder(holders);
      if (!profile) return null;
      // Staff may read the private account document (firestore.rules); a store that keeps the
      // address on the profile has none.
      const email = (await storage.get(`users/${profile.id}/private/account`))?.data.email;
      return { ...profile, email: typeof email === 'string' ? email : profile.email };
    },

    /** Counts of a user's activity. Missing: all 0 for an unknown uid. Fails: throws. */
    async userActivity(uid: string): Promise<UserActivity> {
      await guardRead();
      if (!uid)
        return { organizedEvents: 0, joinedEvents: 0, openReportsAbout: 0, reportsFiled: 0 };
      const [organizedEvents, joinedEvents, openReportsAbout, reportsFiled] = await Promise.all([
        count('events', { field: 'organizerId', op: '==', value: uid }),
        count('events', { field: 'participants', op: 'array-contains', value: uid }),
        count(
          'reports',
          { field: 'subjectUserId', op: '==', value: uid },
          { field: 'status', op: '==', value: 'open' },
        ),
        count('reports', { field: 'reporterId', op: '==', value: uid }),
      ]);
      return { organizedEvents, joinedEvents, openReportsAbout, reportsFiled };
    },

    /**
     * Sets the role; config/admin follows a change to or from admin. Refusals: rolesAdminOnly (any
     * caller but an admin), invalidRole, userNotFound, lastAdmin, tooManyAdmins. Fails: throws.
     * Caller: admins.
     */
    async setRole(uid: string, role: Role): Promise<void> {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        // Checked before reading config/admin, which the rules show to staff only.
        const actor = assertStaffWrite(await readActor(who, tx));
        const decision = decideRoleChange(
          actor,
          await readProfile(tx, uid),
          role,
          await readAdmins(tx),
        );
        if (!decision) return;
        const auditId = addAudit(tx, decision.audit);
        tx.update(`users/${uid}`, {
          role: decision.role,
          staffAuditId: auditId,
          updatedAt: fieldOp.serverTime(),
        });
        if (decision.admins) {
          tx.update(CONFIG_ADMIN, {
            admins: decision.admins,
            auditId,
            updatedAt: fieldOp.serverTime(),
          });
        }
      });
    },

    /**
     * Suspends (false) or reactivates (true), with a note (≤ STAFF_NOTE_MAX) for the audit log.
     * Refusals: userNotFound, noStandingPermission (the caller's rank is not above the user's, or
     * it is the caller), staffNoteTooLong. Fails: throws.
     */
    async setActive(uid: string, active: boolean, note: string): Promise<void> {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        const actor = await readActor(who, tx);
        const decision = decideStandingChange(actor, await readProfile(tx, uid), active, note);
        if (!decision) return;
        const auditId = addAudit(tx, decision.audit);
        tx.update(`users/${uid}`, {
          isActive: decision.isActive,
          staffAuditId: auditId,
          updatedAt: fieldOp.serverTime(),
        });
      });
    },

    /**
     * Events newest created first (createdAt, then id); a keyword keeps those that hold every term
     * in a searched text (domain keywordMatcher). Cap: STAFF_EVENT_SCAN_MAX events examined a page;
     * a page may then hold fewer items and still have a cursor that continues the scan
     * (src/lib/scan-page.ts). Events without createdAt are not listed. Fails: throws.
     */
    async recentEvents(keyword: string, cursor?: string | null): Promise<Page<SportEvent>> {
      await guardRead();
      // Newest created first. A keyword is looked up by its search token, so only events holding
      // it are read; of those a page examines at most STAFF_EVENT_SCAN_MAX and keeps the ones
      // that match every term (keywordMatcher). Events without createdAt are not in the order.
      const token = searchTokenFor(keyword);
      const where: Filter[] = token
        ? [{ field: 'searchTokens', op: 'array-contains', value: token }]
        : [];
      const { items, next } = await scanPage({
        after: cursor ?? null,
        read: (after, size) =>
          storage.query({ collection: 'events', where, orderBy: newestFirst, after, limit: size }),
        keyOf: (d) => d.cursor,
        parse: (d) => parseDocs(sportEventSchema, [d], 'staff.recentEvents')[0] ?? null,
        matches: keywordMatcher(keyword),
        pageSize: STAFF_PAGE_SIZE,
        batchSize: token ? STAFF_EVENT_SCAN_BATCH : STAFF_PAGE_SIZE + 1,
        maxExamined: STAFF_EVENT_SCAN_MAX,
      });
      return { items, nextCursor: next };
    },

    /**
     * Status 中止 with a reason (kept on the event as staffCancelReason) and a note for the audit
     * log; the organizer and every participant but the caller get a staff_event_cancelled
     * notification. Refusals: eventNotFound, eventAlreadyOver, cancelReasonRequired,
     * staffNoteTooLong. Fails: throws.
     */
    async cancelEvent(eventId: string, reason: StaffCancelReason, note: string): Promise<void> {
      const who = await ctx.session();
      const later = await storage.transaction(async (tx) => {
        const actor = await readActor(who, tx);
        const event = await readEvent(tx, eventId);
        const decision = decideStaffCancel(actor, event, reason, note);
        const auditId = addAudit(tx, decision.audit);
        tx.update(eventPath(eventId), {
          status: decision.status,
          staffCancelReason: decision.reason,
          staffAuditId: auditId,
          updatedAt: fieldOp.serverTime(),
        });
        const notices = decision.notify.map((uid) => {
          const { id, notification } = staffCancelNotification(uid, event!, decision.reason);
          return { id, ...notification };
        });
        const now = ctx.now();
        for (const n of notices.slice(0, NOTIFY_IN_TRANSACTION)) writeNotification(tx, n, now);
        return notices.slice(NOTIFY_IN_TRANSACTION);
      });
      // A very large event: the rest of the notices, which the rules allow for a cancelled event.
      await writeNotificationBatches(ctx, later);
    },

    /** Reports with the given status. Order: newest first (createdAt, then id). Fails: throws. */
    async reports(status: ReportStatus, cursor?: string | null): Promise<Page<Report>> {
      await guardRead();
      return page(
        reportSchema,
        {
          collection: 'reports',
          where: [{ field: 'status', op: '==', value: status }],
          orderBy: newestFirst,
          after: cursor,
        },
        'staff.reports',
      );
    },

    /**
     * Resolves an open report with a note. Refusals: reportNotFound, reportAlreadyResolved,
     * resolutionNoteRequired, staffNoteTooLong. Fails: throws.
     */
    async resolveReport(reportId: string, note: string): Promise<void> {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        // Checked before reading the report, which the rules show to staff only.
        const actor = assertStaffWrite(await readActor(who, tx));
        const report = reportId
          ? parseDoc(reportSchema, await tx.get(`reports/${reportId}`))
          : null;
        const decision = decideResolveReport(actor, report, note);
        const auditId = addAudit(tx, decision.audit);
        tx.update(`reports/${reportId}`, {
          status: decision.status,
          resolvedBy: decision.resolvedBy,
          resolutionNote: decision.resolutionNote,
          resolvedAt: fieldOp.serverTime(),
          auditId,
        });
      });
    },

    /**
     * The audit log. Order: newest first (createdAt, then id). Entries are never changed or removed
     * by anyone. Fails: throws.
     */
    async auditLog(cursor?: string | null): Promise<Page<AuditEntry>> {
      await guardRead();
      return page(
        auditEntrySchema,
        { collection: 'auditLog', orderBy: newestFirst, after: cursor },
        'staff.auditLog',
      );
    },

    /** Whether set-up is done (config/admin lists an admin). Fails: throws. */
    async adminSetup(): Promise<AdminSetupState> {
      await guardRead();
      const admins = (await storage.get(CONFIG_ADMIN))?.data.admins;
      return { adminExists: Array.isArray(admins) && admins.length > 0 };
    },

    /**
     * /admin-init: the set-up account becomes the first admin (its role, config/admin created, one
     * audit entry). Refusals: loginRequired, accountSuspended, emailNotVerified, setupAccountOnly
     * (any other account), adminAlreadyExists, userNotFound (no profile). Fails: throws. Caller:
     * the verified set-up account.
     */
    async initializeAdmin(): Promise<void> {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        const actor = assertSetupAccount(await readActor(who, tx));
        const self = await readProfile(tx, actor.uid);
        const decision = decideAdminInit(actor, self, await readAdmins(tx));
        const auditId = addAudit(tx, decision.audit);
        tx.update(`users/${actor.uid}`, {
          role: decision.role,
          staffAuditId: auditId,
          updatedAt: fieldOp.serverTime(),
        });
        tx.set(CONFIG_ADMIN, {
          admins: decision.admins,
          auditId,
          createdAt: fieldOp.serverTime(),
          updatedAt: fieldOp.serverTime(),
        });
      });
    },
  };
}
