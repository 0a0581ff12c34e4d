import { ADMINS_MAX, CUSTOM_USER_ID_MAX, STAFF_NOTE_MAX } from '@/domain/constants';
import { auditEntry, type NewAuditEntry } from '@/domain/entities/audit';
import type { Conversation, Message } from '@/domain/entities/conversation';
import type { SportEvent } from '@/domain/entities/event';
import type { BoardOwner, BoardPost } from './boards';
import {
  reportDocId,
  reportInputSchema,
  isPostTarget,
  reportTargetId,
  type Report,
  type ReportInput,
  type ReportReason,
  type ReportTarget,
  type ReportTargetType,
} from '@/domain/entities/report';
import { STAFF_CANCEL_REASONS, type StaffCancelReason } from '@/domain/entities/staff-cancel';
import type { Team } from '@/domain/entities/team';
import { ROLES, SPECIAL_ADMIN_EMAIL, type Role, type UserProfile } from '@/domain/entities/user';
import { DomainError } from '@/domain/errors';
import { canTransition } from './events';
import { assertMayWrite, type Actor } from './standing';

/**
 * Staff and what they may do (docs/staff.md). Both backends call these inside the write, and
 * firestore.rules mirrors them.
 */

export const ROLE_LABELS: Record<Role, string> = {
  user: '一般ユーザー',
  moderator: 'モデレーター',
  admin: '管理者',
};

export type StaffRank = 'admin' | 'moderator';

/** The acting account as a backend knows it at the moment of a staff operation. */
export interface StaffActor extends Actor {
  /** The auth service's address (the setup account is recognised by it). */
  email: string;
  role: Role;
}

/** What the staff checks look at; a session user and a StaffActor both fit. */
export interface StaffCandidate {
  email?: string | null;
  emailVerified?: boolean;
  role?: Role | null;
  suspended?: boolean;
}

/** The one set-up account of docs/domain.md "Roles" (SPECIAL_ADMIN_EMAIL), once its address is verified. */
export function isSetupAccount(u: Pick<StaffCandidate, 'email' | 'emailVerified'>): boolean {
  return (
    typeof u.email === 'string' &&
    u.email.trim().toLowerCase() === SPECIAL_ADMIN_EMAIL &&
    u.emailVerified === true
  );
}

/**
 * Staff are the roles admin and moderator, and the set-up account, which acts as a moderator
 * until /admin-init makes it an admin. A suspended account is no staff.
 */
export function staffRank(u: StaffCandidate | null | undefined): StaffRank | null {
  if (!u || u.suspended) return null;
  if (u.role === 'admin') return 'admin';
  if (u.role === 'moderator' || isSetupAccount(u)) return 'moderator';
  return null;
}

export function isStaff(u: StaffCandidate | null | undefined): boolean {
  return staffRank(u) !== null;
}

const RANK_ORDER: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** Only admins change roles (so a moderator never grants or removes admin). */
export function mayChangeRoles(rank: StaffRank | null): boolean {
  return rank === 'admin';
}

/**
 * Staff suspend and reactivate only accounts of a lower rank than their own: a moderator acts
 * on users, an admin on users and moderators, nobody on an admin or on themself.
 */
export function mayChangeStanding(
  staff: { uid: string; rank: StaffRank | null },
  target: { id: string; role: Role },
): boolean {
  return (
    staff.rank !== null &&
    target.id !== staff.uid &&
    RANK_ORDER[target.role] < RANK_ORDER[staff.rank]
  );
}

/** Staff reads (the dashboard, the lists): a visitor must sign in, anyone else is refused. */
export function assertStaffRead(actor: StaffActor | null): StaffRank {
  if (!actor) throw new DomainError('loginRequired');
  const rank = staffRank(actor);
  if (!rank) throw new DomainError('staffOnly');
  return rank;
}

/**
 * Staff writes: a writer in good standing first (assertMayWrite), then staff. Every decide*
 * below starts with it; a backend may call it first to refuse before reading staff data.
 */
export function assertStaffWrite(actor: StaffActor | null): StaffActor {
  const a = assertMayWrite(actor, 'active') as StaffActor;
  if (!staffRank(a)) throw new DomainError('staffOnly');
  return a;
}

function staffWriter(actor: StaffActor | null): { actor: StaffActor; rank: StaffRank } {
  const a = assertStaffWrite(actor);
  return { actor: a, rank: staffRank(a)! };
}

function checkedNote(note: string): string {
  const trimmed = note.trim();
  if (trimmed.length > STAFF_NOTE_MAX) throw new DomainError('staffNoteTooLong');
  return trimmed;
}

/** The audit log shows names at most this long (a long title is cut, the id stays whole). */
export const AUDIT_LABEL_MAX = 100;

function label(s: string): string {
  return [...s].slice(0, AUDIT_LABEL_MAX).join('');
}

export interface RoleDecision {
  role: Role;
  /** config/admin's list after the change; null when the change leaves it as it is. */
  admins: string[] | null;
  audit: NewAuditEntry;
}

/**
 * Only admins change roles (mayChangeRoles); config/admin keeps the list of admins, and a change that would leave it empty is refused: the last admin cannot
 * give up their own role. Null when the user already has the role (nothing is written).
 */
export function decideRoleChange(
  actor: StaffActor | null,
  target: UserProfile | null,
  to: Role,
  admins: readonly string[],
): RoleDecision | null {
  const { actor: a, rank } = staffWriter(actor);
  if (!mayChangeRoles(rank)) throw new DomainError('rolesAdminOnly');
  if (!ROLES.includes(to)) throw new DomainError('invalidRole');
  if (!target) throw new DomainError('userNotFound');
  if (target.role === to) return null;
  const next = admins.filter((id) => id !== target.id);
  if (to === 'admin') next.push(target.id);
  if (next.length === 0) throw new DomainError('lastAdmin');
  if (next.length > ADMINS_MAX) throw new DomainError('tooManyAdmins');
  return {
    role: to,
    admins: to === 'admin' || target.role === 'admin' ? next : null,
    audit: auditEntry(
      {
        actorId: a.uid,
        action: 'role_changed',
        targetType: 'user',
        targetId: target.id,
        targetLabel: label(target.displayName),
      },
      { from: target.role, to },
    ),
  };
}

export interface StandingDecision {
  isActive: boolean;
  audit: NewAuditEntry;
}

/**
 * Suspending (isActive false) and reactivating, by rank (mayChangeStanding): an admin is first
 * made a moderator by another admin. Null when nothing changes.
 */
export function decideStandingChange(
  actor: StaffActor | null,
  target: UserProfile | null,
  active: boolean,
  note: string,
): StandingDecision | null {
  const { actor: a, rank } = staffWriter(actor);
  if (!target) throw new DomainError('userNotFound');
  if (!mayChangeStanding({ uid: a.uid, rank }, target)) {
    throw new DomainError('noStandingPermission');
  }
  const checked = checkedNote(note);
  if (target.isActive === active) return null;
  return {
    isActive: active,
    audit: auditEntry(
      {
        actorId: a.uid,
        action: active ? 'account_reactivated' : 'account_suspended',
        targetType: 'user',
        targetId: target.id,
        targetLabel: label(target.displayName),
      },
      { note: checked },
    ),
  };
}

export interface StaffCancelDecision {
  status: 'cancelled';
  reason: StaffCancelReason;
  /** Who is notified: the organizer and every participant, never the staff member acting. */
  notify: string[];
  audit: NewAuditEntry;
}

/** Staff cancel (中止) an event that is still open or closed, with a reason from the list. */
export function decideStaffCancel(
  actor: StaffActor | null,
  event: SportEvent | null,
  reason: string,
  note: string,
): StaffCancelDecision {
  const a = assertStaffWrite(actor);
  if (!event) throw new DomainError('eventNotFound');
  if (!canTransition(event.status, 'cancelled')) throw new DomainError('eventAlreadyOver');
  if (!STAFF_CANCEL_REASONS.includes(reason as StaffCancelReason)) {
    throw new DomainError('cancelReasonRequired');
  }
  const checked = checkedNote(note);
  const notify = [...new Set([event.organizerId, ...event.participants])].filter(
    (id) => id !== '' && id !== a.uid,
  );
  return {
    status: 'cancelled',
    reason: reason as StaffCancelReason,
    notify,
    audit: auditEntry(
      {
        actorId: a.uid,
        action: 'event_cancelled',
        targetType: 'event',
        targetId: event.id,
        targetLabel: label(event.title),
      },
      { reason, note: checked },
    ),
  };
}

/** A staff cancellation notice as stored: ids and checked values, no words (notificationText). */
export interface StaffCancelNotification {
  userId: string;
  type: 'staff_event_cancelled';
  data: { eventId: string; eventTitle: string; reason: StaffCancelReason };
}

/**
 * The notice each person of a cancelled event gets: one per event and person (the id says
 * which), naming the event and the reason; the staff member's note stays in the audit log.
 */
export function staffCancelNotification(
  userId: string,
  event: Pick<SportEvent, 'id' | 'title'>,
  reason: StaffCancelReason,
): { id: string; notification: StaffCancelNotification } {
  return {
    id: `${event.id}_staff_event_cancelled_${userId}`,
    notification: {
      userId,
      type: 'staff_event_cancelled',
      data: { eventId: event.id, eventTitle: event.title, reason },
    },
  };
}

export interface ResolveDecision {
  status: 'resolved';
  resolvedBy: string;
  resolutionNote: string;
  audit: NewAuditEntry;
}

/** An open report is resolved once, with a note saying what was done. */
export function decideResolveReport(
  actor: StaffActor | null,
  report: Report | null,
  note: string,
): ResolveDecision {
  const a = assertStaffWrite(actor);
  if (!report) throw new DomainError('reportNotFound');
  if (report.status === 'resolved') throw new DomainError('reportAlreadyResolved');
  const checked = checkedNote(note);
  if (!checked) throw new DomainError('resolutionNoteRequired');
  return {
    status: 'resolved',
    resolvedBy: a.uid,
    resolutionNote: checked,
    audit: auditEntry(
      {
        actorId: a.uid,
        action: 'report_resolved',
        targetType: 'report',
        targetId: report.id,
        // Whole or not at all, as the rules can check it: a long message is named by the id.
        targetLabel: [...report.targetLabel].length <= AUDIT_LABEL_MAX ? report.targetLabel : '',
      },
      { note: checked },
    ),
  };
}

/** The verified set-up account, in good standing; anyone else is refused. */
export function assertSetupAccount(actor: StaffActor | null): StaffActor {
  const a = assertMayWrite(actor, 'verified') as StaffActor;
  if (!isSetupAccount(a)) throw new DomainError('setupAccountOnly');
  return a;
}

/**
 * First-time set-up: the set-up account (verified) makes itself admin, and only while
 * config/admin lists no admin.
 */
export function decideAdminInit(
  actor: StaffActor | null,
  self: UserProfile | null,
  admins: readonly string[],
): RoleDecision & { admins: string[] } {
  const a = assertSetupAccount(actor);
  if (admins.length > 0) throw new DomainError('adminAlreadyExists');
  if (!self) throw new DomainError('userNotFound');
  return {
    role: 'admin',
    admins: [a.uid],
    audit: auditEntry(
      {
        actorId: a.uid,
        action: 'admin_initialized',
        targetType: 'user',
        targetId: a.uid,
        targetLabel: label(self.displayName),
      },
      { from: self.role, to: 'admin' },
    ),
  };
}

/** Whose content a report is about and how it is named in the staff queue. */
export interface ReportSubject {
  label: string;
  subjectUserId: string;
  /** A message's conversation members: only they may report it. */
  participants?: string[];
}

export function eventSubject(e: SportEvent | null): ReportSubject | null {
  return e ? { label: e.title, subjectUserId: e.organizerId } : null;
}

export function teamSubject(t: Team | null): ReportSubject | null {
  return t ? { label: t.name, subjectUserId: t.ownerId } : null;
}

export function userSubject(u: UserProfile | null): ReportSubject | null {
  return u ? { label: u.displayName, subjectUserId: u.id } : null;
}

/** A message is named by its text: staff cannot open conversations they are not part of. */
export function messageSubject(c: Conversation | null, m: Message | null): ReportSubject | null {
  return c && m
    ? { label: m.content, subjectUserId: m.senderId, participants: c.participants }
    : null;
}

/**
 * A board or chat post is named by its text, as a message is; only those who read the board
 * may report it: its seats, those waiting and `pendingRequester` (an event's board reader with a
 * pending request, as boardAccess and the rules admit).
 */
export function postSubject(
  p: BoardPost | null,
  owner: BoardOwner | null,
  pendingRequester: string | null = null,
): ReportSubject | null {
  return p && owner
    ? {
        label: p.content,
        subjectUserId: p.authorId,
        participants: [
          owner.moderatorId,
          ...owner.seats,
          ...owner.waiting,
          ...(pendingRequester ? [pendingRequester] : []),
        ],
      }
    : null;
}

/** A new report as the backends store it (plus their server time). */
export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  conversationId: string;
  targetLabel: string;
  subjectUserId: string;
  reason: ReportReason;
  detail: string;
  status: 'open';
}

/**
 * A signed-in, verified user reports something that exists and is not their own; a message
 * only from a conversation they are in; each target once per person.
 */
export function decideReport(
  actor: Actor | null,
  target: ReportTarget,
  input: ReportInput,
  subject: ReportSubject | null,
  alreadyReported: boolean,
): { id: string; report: NewReport } {
  const a = assertMayWrite(actor, 'verified');
  const parsed = reportInputSchema.safeParse(input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    throw new DomainError(field === 'detail' ? 'reportDetailTooLong' : 'reportReasonRequired');
  }
  if (!subject) throw new DomainError('reportTargetNotFound');
  if (subject.participants && !subject.participants.includes(a.uid)) {
    throw new DomainError('reportTargetNotFound');
  }
  if (subject.subjectUserId === a.uid) throw new DomainError('cannotReportOwn');
  // Each target once per person, so an earlier report by this person is this one again.
  if (alreadyReported) throw new DomainError('alreadyReported', { alreadyDone: true });
  return {
    id: reportDocId(target, a.uid),
    report: {
      reporterId: a.uid,
      targetType: target.type,
      targetId: reportTargetId(target),
      conversationId:
        target.type === 'message'
          ? target.conversationId
          : isPostTarget(target)
            ? target.boardId
            : '',
      targetLabel: subject.label,
      subjectUserId: subject.subjectUserId,
      reason: parsed.data.reason,
      detail: parsed.data.detail,
      status: 'open',
    },
  };
}

/**
 * The users search of the staff area: a query starting with "user_" looks for that
 * customUserId prefix, anything else for a display-name prefix (as typed: case and width
 * count). Null for an empty query (the newest users are listed instead).
 */
export function userSearch(
  query: string,
): { field: 'customUserId' | 'displayName'; prefix: string } | null {
  const typed = query.trim();
  if (!typed) return null;
  const folded = typed.normalize('NFKC');
  if (/^user_/i.test(folded)) return { field: 'customUserId', prefix: `user_${folded.slice(5)}` };
  return { field: 'displayName', prefix: typed };
}

/**
 * The /admin-quick lookup by public user id: the id as typed, or null when it cannot be one
 * (letters, digits and _, at most CUSTOM_USER_ID_MAX).
 */
export function customUserIdLookup(typed: string): string | null {
  const id = typed.trim();
  return id.length <= CUSTOM_USER_ID_MAX && /^[A-Za-z0-9_]+$/.test(id) ? id : null;
}

/**
 * The account a looked-up id names: the only one holding it. Ids are reserved once per account
 * (customUserIds on Firebase); should two accounts still share one from before, neither is
 * shown, so staff never act on the wrong person.
 */
export function onlyHolder<T>(holders: readonly T[]): T | null {
  return holders.length === 1 ? holders[0]! : null;
}
