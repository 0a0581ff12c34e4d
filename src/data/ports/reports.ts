import type { ReportInput, ReportTarget } from '@/domain/entities/report';

/**
 * Reporting (通報) content to staff (docs/staff.md "Reports"). The statements follow the
 * convention in ./backend.ts; the refusals are the domain's (decideReport).
 */
export interface ReportsPort {
  /**
   * Files a report about an event, a team, a profile or a message, once per person and target.
   * Refusals: loginRequired, accountSuspended, emailNotVerified, reportReasonRequired,
   * reportDetailTooLong, cannotReportOwn, alreadyReported.
   * Missing: reportTargetNotFound (also for a message of a conversation the caller is not in).
   * Fails: throws. Caller: a signed-in user with a verified address, in good standing. Nobody
   * but staff can read the report afterwards, the reporter included.
   */
  file(target: ReportTarget, input: ReportInput): Promise<void>;
}
