import { useQueryClient } from '@tanstack/react-query';
import type { AttendanceStatus } from '@/domain/entities/attendance';
import { useBackend } from '@/lib/backend-context';
import { eventKeys } from '@/lib/shared-queries';
import { refreshQueries } from '@/lib/query-client';
import { useMutation } from '@/lib/use-mutation';
import { attendanceQueries } from './attendance-queries';

/** The organizer's marking of one event; each settles once the marks shown are the new ones. */
export function useAttendanceMutations(eventId: string) {
  const backend = useBackend();
  const client = useQueryClient();
  const meta = { silent: true };
  const refresh = (uids: readonly string[]) =>
    refreshQueries(client, [
      attendanceQueries.forEvent(eventId).queryKey,
      ...uids.map((uid) => eventKeys.participantLists(uid)),
    ]);

  const mark = useMutation({
    mutationFn: (v: { userId: string; status: AttendanceStatus }) =>
      backend.rollCall.mark(eventId, v.userId, v.status),
    onSuccess: (_data, v) => refresh([v.userId]),
    meta,
  });

  const markAll = useMutation({
    mutationFn: (_participants: readonly string[]) => backend.rollCall.markAllAttended(eventId),
    onSuccess: (_data, participants) => refresh(participants),
    meta,
  });

  return { mark, markAll };
}
