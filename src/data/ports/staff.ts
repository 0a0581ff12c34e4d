import type { AuditEntry } from '@/domain/entities/audit';
import type { Page } from '@/domain/entities/common';
import type { SportEvent } from '@/domain/entities/event';
import type { Report, ReportStatus } from '@/domain/entities/report';
import type { Role, UserProfile } from '@/domain/entities/user';
import type { StaffCancelReason } from '@/domain/entities/staff-cancel';

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
 * The staff area (docs/staff.md). Every method is for staff only: the caller's rank is decided
 * by src/domain/rules/staff.ts (staffRank) on both backends, and firestore.rules refuses the
 * same reads and writes on Firebase.
 *
 * Common behaviour, stated once for every method below:
 * - Caller: signed out → DomainError loginRequired (reads) or the write's assertMayWrite
 *   message; signed in but not staff (or suspended) → DomainError staffOnly (a rules refusal on
 *   Firebase surfaces as the same DomainError). Nothing is read for a non-staff caller.
 * - Network failure or any other backend error: the promise rejects with it; reads never
 *   swallow errors (the screen shows its error state with a retry).
 * - Lists: STAFF_PAGE_SIZE items a page with an opaque cursor (null when there is no next page);
 *   a cursor the backend did not make restarts from the first page.
 * - Writes: the change, its audit-log entry (and any notifications) are one atomic write; a
 *   write that changes nothing (the role or standing it already has) writes nothing, no entry.
 */
export interface StaffPort {
  /** The five counts of the dashboard, counted by the backend (no documents are read). */
  dashboard(): Promise<StaffDashboard>;

  /**
   * Users whose customUserId ("user_…") or display name starts with the query
   * (domain userSearch), ordered by that field; an empty query lists the newest accounts first.
   * Profiles come with email '' (the address is shown by userByCustomId only).
   */
  searchUsers(query: string, cursor?: string | null): Promise<Page<UserProfile>>;

  /** Exact customUserId; null when nobody has it. The profile carries the account's address. */
  userByCustomId(customUserId: string): Promise<UserProfile | null>;

  /** Counts of a user's activity (0 for an unknown uid). */
  userActivity(uid: string): Promise<UserActivity>;

  /**
   * Admins only (rolesAdminOnly otherwise); the last admin cannot give up the role (lastAdmin);
   * userNotFound for a missing profile. config/admin, the profile and the entry change together.
   */
  setRole(uid: string, role: Role): Promise<void>;

  /**
   * Suspends (false) or reactivates (true) with an optional note (≤ STAFF_NOTE_MAX), on accounts
   * of a lower rank than the caller's only (noStandingPermission); userNotFound when missing.
   */
  setActive(uid: string, active: boolean, note: string): Promise<void>;

  /**
   * Events newest created first; a keyword keeps those whose title or place has every term
   * (domain keywordMatcher), examining at most STAFF_EVENT_SCAN_MAX events a page: a page may
   * then hold fewer items and still have a cursor that continues the scan.
   */
  recentEvents(keyword: string, cursor?: string | null): Promise<Page<SportEvent>>;

  /**
   * Status 中止 with a reason code and an optional note; the organizer and every participant
   * get a notification. eventNotFound / eventAlreadyOver / cancelReasonRequired.
   */
  cancelEvent(eventId: string, reason: StaffCancelReason, note: string): Promise<void>;

  /** Reports with the given status, newest first. */
  reports(status: ReportStatus, cursor?: string | null): Promise<Page<Report>>;

  /** Resolves an open report with a note. reportNotFound / reportAlreadyResolved / resolutionNoteRequired. */
  resolveReport(reportId: string, note: string): Promise<void>;

  /** The audit log, newest first. Entries are never changed or removed by anyone. */
  auditLog(cursor?: string | null): Promise<Page<AuditEntry>>;

  /** Whether set-up is done; staff only (the set-up account counts as staff). */
  adminSetup(): Promise<AdminSetupState>;

  /**
   * /admin-init: the verified set-up account becomes the first admin (role admin, config/admin
   * created, one audit entry). setupAccountOnly for anyone else; adminAlreadyExists afterwards.
   */
  initializeAdmin(): Promise<void>;
}
