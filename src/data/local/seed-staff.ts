import type { AuditRow, DocRow, EventRow, ReportRow } from './db';
import { CONFIG_ADMIN_KEY } from './local-staff';

/**
 * The staff area's demo data (docs/staff.md): config/admin listing the demo admin, a few
 * reports (two open, one resolved) and the audit entries behind the seeded moderator and that
 * resolution. Ids are fixed so tests can name them.
 */
export const STAFF_SEED_IDS = {
  openEventReport: 'event-seed-event-03-demo-hanako',
  openUserReport: 'user-demo-ichiro-demo-misaki',
  resolvedReport: 'event-seed-event-10-demo-organizer',
} as const;

export function buildStaffSeed(
  now: Date,
  uids: { admin: string; moderator: string },
  users: DocRow[],
  events: EventRow[],
): { reports: ReportRow[]; auditLog: AuditRow[]; config: { key: string; value: unknown } } {
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const title = (id: string) => String(events.find((e) => e.id === id)?.title ?? '');
  const name = (id: string) => String(users.find((u) => u.id === id)?.displayName ?? '');
  const organizerOf = (id: string) => String(events.find((e) => e.id === id)?.organizerId ?? '');
  const eventReport = (id: string, reporterId: string, eventId: string) => ({
    id,
    reporterId,
    targetType: 'event',
    targetId: eventId,
    conversationId: '',
    targetLabel: title(eventId),
    subjectUserId: organizerOf(eventId),
  });

  const reports: ReportRow[] = [
    {
      ...eventReport(STAFF_SEED_IDS.openEventReport, 'demo-hanako', 'seed-event-03'),
      reason: 'fraud',
      detail: '参加費とは別に、高額な用具代を当日払うよう書かれていました。',
      status: 'open',
      createdAt: hoursAgo(5),
    },
    {
      id: STAFF_SEED_IDS.openUserReport,
      reporterId: 'demo-misaki',
      targetType: 'user',
      targetId: 'demo-ichiro',
      conversationId: '',
      targetLabel: name('demo-ichiro'),
      subjectUserId: 'demo-ichiro',
      reason: 'harassment',
      detail: 'メッセージで何度もチームへの勧誘を受けて困っています。',
      status: 'open',
      createdAt: hoursAgo(26),
    },
    {
      ...eventReport(STAFF_SEED_IDS.resolvedReport, 'demo-organizer', 'seed-event-10'),
      reason: 'other',
      detail: '開催場所が実在するか心配です。',
      status: 'resolved',
      createdAt: hoursAgo(24 * 4),
      resolvedAt: hoursAgo(24 * 3),
      resolvedBy: uids.moderator,
      resolutionNote: '主催者に確認し、会場の予約が取れていることを確かめました。',
      auditId: 'seed-audit-02',
    },
  ];

  const auditLog: AuditRow[] = [
    {
      id: 'seed-audit-01',
      actorId: uids.admin,
      action: 'role_changed',
      targetType: 'user',
      targetId: uids.moderator,
      targetLabel: name(uids.moderator),
      from: 'user',
      to: 'moderator',
      reason: '',
      note: '',
      createdAt: hoursAgo(24 * 30),
    },
    {
      id: 'seed-audit-02',
      actorId: uids.moderator,
      action: 'report_resolved',
      targetType: 'report',
      targetId: STAFF_SEED_IDS.resolvedReport,
      targetLabel: title('seed-event-10'),
      from: '',
      to: '',
      reason: '',
      note: '主催者に確認し、会場の予約が取れていることを確かめました。',
      createdAt: hoursAgo(24 * 3),
    },
  ];

  return { reports, auditLog, config: { key: CONFIG_ADMIN_KEY, value: { admins: [uids.admin] } } };
}
