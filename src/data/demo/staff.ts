import { demoDoc, type DemoPart } from './demo-data';
import { demoEvent, seedEventId } from './events';
import { DEMO_UIDS, demoPerson } from './people';

/** Fixed ids of the staff area's demo documents, so tests can name them. */
export const STAFF_SEED_IDS = {
  openEventReport: `event-${seedEventId(3)}-${DEMO_UIDS.hanako}`,
  openUserReport: `user-${DEMO_UIDS.ichiro}-${DEMO_UIDS.misaki}`,
  resolvedReport: `event-${seedEventId(10)}-${DEMO_UIDS.organizer}`,
  moderatorAudit: 'seed-audit-01',
  resolutionAudit: 'seed-audit-02',
} as const;

const RESOLUTION_NOTE = '主催者に確認し、会場の予約が取れていることを確かめました。';

/**
 * The staff area's demo data (docs/staff.md): config/admin listing the demo admin, a few
 * reports (two open, one resolved) named after their targets as they are now, and the audit
 * entries behind the seeded moderator (users/demo-moderator points at it with staffAuditId) and
 * that resolution.
 */
export const staff: DemoPart = ({ hoursAgo, daysFromNow }) => {
  const eventReport = (n: number) => ({
    targetType: 'event',
    targetId: seedEventId(n),
    conversationId: '',
    targetLabel: demoEvent(n).title,
    subjectUserId: DEMO_UIDS[demoEvent(n).organizer],
  });
  const audit = (fields: Record<string, unknown>) => ({
    targetType: 'user',
    from: '',
    to: '',
    reason: '',
    note: '',
    ...fields,
  });
  return {
    docs: [
      demoDoc('config/admin', {
        admins: [DEMO_UIDS.admin],
        createdAt: daysFromNow(-120),
        updatedAt: daysFromNow(-120),
      }),
      demoDoc(`reports/${STAFF_SEED_IDS.openEventReport}`, {
        reporterId: DEMO_UIDS.hanako,
        ...eventReport(3),
        reason: 'fraud',
        detail: '参加費とは別に、高額な用具代を当日払うよう書かれていました。',
        status: 'open',
        createdAt: hoursAgo(5),
      }),
      demoDoc(`reports/${STAFF_SEED_IDS.openUserReport}`, {
        reporterId: DEMO_UIDS.misaki,
        targetType: 'user',
        targetId: DEMO_UIDS.ichiro,
        conversationId: '',
        targetLabel: demoPerson('ichiro').displayName,
        subjectUserId: DEMO_UIDS.ichiro,
        reason: 'harassment',
        detail: 'メッセージで何度もチームへの勧誘を受けて困っています。',
        status: 'open',
        createdAt: hoursAgo(26),
      }),
      demoDoc(`reports/${STAFF_SEED_IDS.resolvedReport}`, {
        reporterId: DEMO_UIDS.organizer,
        ...eventReport(10),
        reason: 'other',
        detail: '開催場所が実在するか心配です。',
        status: 'resolved',
        createdAt: hoursAgo(24 * 4),
        resolvedAt: hoursAgo(24 * 3),
        resolvedBy: DEMO_UIDS.moderator,
        resolutionNote: RESOLUTION_NOTE,
        auditId: STAFF_SEED_IDS.resolutionAudit,
      }),
      demoDoc(
        `auditLog/${STAFF_SEED_IDS.moderatorAudit}`,
        audit({
          actorId: DEMO_UIDS.admin,
          action: 'role_changed',
          targetId: DEMO_UIDS.moderator,
          targetLabel: demoPerson('moderator').displayName,
          from: 'user',
          to: 'moderator',
          createdAt: hoursAgo(24 * 30),
        }),
      ),
      demoDoc(
        `auditLog/${STAFF_SEED_IDS.resolutionAudit}`,
        audit({
          actorId: DEMO_UIDS.moderator,
          action: 'report_resolved',
          targetType: 'report',
          targetId: STAFF_SEED_IDS.resolvedReport,
          targetLabel: demoEvent(10).title,
          note: RESOLUTION_NOTE,
          createdAt: hoursAgo(24 * 3),
        }),
      ),
    ],
  };
};
