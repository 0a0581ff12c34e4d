import type { AuditEntry } from '@/domain/entities/audit';
import type { Page } from '@/domain/entities/common';
import type { SportEvent } from '@/domain/entities/event';
import type { Report, ReportStatus } from '@/domain/entities/report';
import type { StaffCancelReason } from '@/domain/entities/staff-cancel';
import type { Role, UserProfile } from '@/domain/entities/user';

export interface StaffDashboard {
  users: number;
  /** Accounts created in the last NEW_USERS_WINDOW_DAYS days. */
  newUsers: number;
  /** Events recruiting (status open) from today on. */
  openEvents: number;
  pendingRequests: number;
  openReports: number;
}

export interface UserActivity {
  organizedEvents: number;
  joinedEvents: number;
  /** Open reports about this user's content (they are its subject). */
  openReportsAbout: number;
  reportsFiled: number;
}

export interface AdminSetupState {
  /** config/admin lists at least one admin. */
  adminExists: boolean;
}

/**
 * The staff area (docs/staff.md). The statements follow the convention in ./backend.ts; the
 * refusals are the domain's (src/domain/rules/staff.ts), and firestore.rules refuses the same.
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
export interface StaffPort {
  /** The five counts of the dashboard, counted by the backend. Fails: throws. */
  dashboard(): Promise<StaffDashboard>;

  /**
   * Users whose customUserId (a query starting "user_") or display name starts with the query
   * (domain userSearch), ordered by that field then id; an empty query: newest accounts first
   * (createdAt, then id). Profiles come with email '' (userByCustomId shows the address).
   * Fails: throws.
   */
  searchUsers(query: string, cursor?: string | null): Promise<Page<UserProfile>>;

  /**
   * The user with exactly this customUserId, with the account's address.
   * Missing: null (also for ''). Fails: throws.
   */
  userByCustomId(customUserId: string): Promise<UserProfile | null>;

  /** Counts of a user's activity. Missing: all 0 for an unknown uid. Fails: throws. */
  userActivity(uid: string): Promise<UserActivity>;

  /**
   * Sets the role; config/admin follows a change to or from admin. Refusals: rolesAdminOnly
   * (any caller but an admin), invalidRole, userNotFound, lastAdmin, tooManyAdmins.
   * Fails: throws. Caller: admins.
   */
  setRole(uid: string, role: Role): Promise<void>;

  /**
   * Suspends (false) or reactivates (true), with a note (≤ STAFF_NOTE_MAX) for the audit log.
   * Refusals: userNotFound, noStandingPermission (the caller's rank is not above the user's,
   * or it is the caller), staffNoteTooLong. Fails: throws.
   */
  setActive(uid: string, active: boolean, note: string): Promise<void>;

  /**
   * Events newest created first (createdAt, then id); a keyword keeps those that hold every
   * term in a searched text (domain keywordMatcher). Cap: STAFF_EVENT_SCAN_MAX events examined a
   * page; a page may then hold fewer items and still have a cursor that continues the scan
   * (src/lib/scan-page.ts). Events without createdAt are not listed. Fails: throws.
   */
  recentEvents(keyword: string, cursor?: string | null): Promise<Page<SportEvent>>;

  /**
   * Status 中止 with a reason (kept on the event as staffCancelReason) and a note for the audit
   * log; the organizer and every participant but the caller get a staff_event_cancelled
   * notification. Refusals: eventNotFound, eventAlreadyOver, cancelReasonRequired,
   * staffNoteTooLong. Fails: throws.
   */
  cancelEvent(eventId: string, reason: StaffCancelReason, note: string): Promise<void>;

  /** Reports with the given status. Order: newest first (createdAt, then id). Fails: throws. */
  reports(status: ReportStatus, cursor?: string | null): Promise<Page<Report>>;

  /**
   * Resolves an open report with a note. Refusals: reportNotFound, reportAlreadyResolved,
   * resolutionNoteRequired, staffNoteTooLong. Fails: throws.
   */
  resolveReport(reportId: string, note: string): Promise<void>;

  /**
   * The audit log. Order: newest first (createdAt, then id). Entries are never changed or
   * removed by anyone. Fails: throws.
   */
  auditLog(cursor?: string | null): Promise<Page<AuditEntry>>;

  /** Whether set-up is done (config/admin lists an admin). Fails: throws. */
  adminSetup(): Promise<AdminSetupState>;

  /**
   * /admin-init: the set-up account becomes the first admin (its role, config/admin created, one
   * audit entry). Refusals: loginRequired, accountSuspended, emailNotVerified,
   * setupAccountOnly (any other account), adminAlreadyExists, userNotFound (no profile).
   * Fails: throws. Caller: the verified set-up account.
   */
  initializeAdmin(): Promise<void>;
}
