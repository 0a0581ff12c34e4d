import { useQueryClient } from '@tanstack/react-query';
import type { ReportReason, ReportTarget } from '@/domain/entities/report';
import type { Role } from '@/domain/entities/user';
import type { StaffCancelReason } from '@/domain/entities/staff-cancel';
import { useSession } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { refreshQueries } from '@/lib/query-client';
import { staffQueries } from './staff-queries';
import { orAlreadyDone, useMutation } from '@/lib/use-mutation';

/**
 * Staff actions. Each writes an audit entry, so each refreshes the audit log with whatever it
 * changed. Errors are shown in the dialog that asked for the action (meta.silent).
 */

const USERS = ['staff', 'users'];
const USER = ['staff', 'user'];
const AUDIT = staffQueries.auditLog().queryKey;
const DASHBOARD = staffQueries.dashboard().queryKey;

export function useSetRole() {
  const backend = useBackend();
  const qc = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    meta: { silent: true },
    mutationFn: (v: { uid: string; role: Role }) => backend.staff.setRole(v.uid, v.role),
    onSuccess: async (_r, v) => {
      await refreshQueries(qc, [USERS, USER, AUDIT]);
      // Changing one's own role changes what this screen may do.
      if (v.uid === backend.auth.currentUser()?.uid) await refresh();
    },
  });
}

export function useSetActive() {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (v: { uid: string; active: boolean; note: string }) =>
      backend.staff.setActive(v.uid, v.active, v.note),
    onSuccess: () => refreshQueries(qc, [USERS, USER, AUDIT]),
  });
}

export function useCancelEventAsStaff() {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (v: { eventId: string; reason: StaffCancelReason; note: string }) =>
      backend.staff.cancelEvent(v.eventId, v.reason, v.note),
    // The event shows as 中止 everywhere it is listed, so the events feature's entries go too.
    onSuccess: () => refreshQueries(qc, [['staff', 'events'], AUDIT, DASHBOARD, ['events']]),
  });
}

export function useResolveReport() {
  const backend = useBackend();
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (v: { reportId: string; note: string }) =>
      backend.staff.resolveReport(v.reportId, v.note),
    onSuccess: () =>
      refreshQueries(qc, [['staff', 'reports'], AUDIT, DASHBOARD, ['staff', 'activity']]),
  });
}

export function useInitializeAdmin() {
  const backend = useBackend();
  const qc = useQueryClient();
  const { refresh } = useSession();
  return useMutation({
    meta: { silent: true },
    mutationFn: () => backend.staff.initializeAdmin(),
    onSuccess: async () => {
      await refreshQueries(qc, [staffQueries.setup().queryKey]);
      await refresh();
    },
  });
}

/**
 * Anyone's report of an event, a team, a person or a message (ReportDialog). Sent before, a
 * repeat is taken as done; the dialog shows the error (meta.silent).
 */
export function useFileReport(target: ReportTarget, onFiled: () => void) {
  const backend = useBackend();
  return useMutation({
    meta: { silent: true },
    mutationFn: (v: { reason: ReportReason; detail: string }) =>
      orAlreadyDone(backend.reports.file(target, v)),
    onSuccess: onFiled,
  });
}
