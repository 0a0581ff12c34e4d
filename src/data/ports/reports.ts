import type { ReportInput, ReportTarget } from '@/domain/entities/report';

/** Reporting (通報) content to staff (docs/staff.md "Reports"). */
export interface ReportsPort {
  /**
   * Files a report for a signed-in user with a verified address (assertMayWrite 'verified':
   * loginRequired / accountSuspended / emailNotVerified). The target is read first:
   * reportTargetNotFound when it does not exist (or, for a message, when the caller is not in
   * its conversation); cannotReportOwn for one's own content; alreadyReported when this person
   * reported this target before; reportReasonRequired / reportDetailTooLong for bad input.
   * Network and other backend failures reject with their error. Nobody but staff can read the
   * report afterwards, the reporter included.
   */
  file(target: ReportTarget, input: ReportInput): Promise<void>;
}
