import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DetailCard } from '@/components/ui/detail';
import { LoadError } from '@/components/ui/load-error';
import { ActionError } from '@/components/flows/standing-notice';
import { Spinner } from '@/components/ui/spinner';
import { ATTENDANCE_WINDOW_DAYS } from '@/domain/constants';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
} from '@/domain/entities/attendance';
import type { SportEvent } from '@/domain/entities/event';
import { formatLongDate, formatTime } from '@/domain/format';
import { attendancePhase, attendanceWindow } from '@/domain/rules/attendance';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useAttendanceMutations } from './attendance-mutations';
import { attendanceQueries } from './attendance-queries';

/**
 * The organizer's attendance record of an ended event (docs/profile.md "Attendance"): each
 * participant (someone who left is no longer one) as 出席 until marked otherwise, every change
 * saved at once, 全員出席 for all; read-only once the window has closed. Nothing before the end
 * or for a cancelled event.
 */
export function AttendancePanel({ event }: { event: SportEvent }) {
  const phase = attendancePhase(event, new Date());
  if (phase !== 'open' && phase !== 'closed') return null;
  return (
    <DetailCard title="出欠の記録" labelledBy="attendance-heading">
      <AttendanceList event={event} editable={phase === 'open'} />
    </DetailCard>
  );
}

function AttendanceList({ event, editable }: { event: SportEvent; editable: boolean }) {
  const backend = useBackend();
  const marks = useQuery(attendanceQueries.forEvent(event.id, backend));
  const people = useQuery({
    ...attendanceQueries.people(event.id, event.participants, backend),
    enabled: event.participants.length > 0,
  });
  const { mark, markAll } = useAttendanceMutations(event.id);
  const [rowError, setRowError] = useState<{ uid: string; error: unknown } | null>(null);
  const [bulkError, setBulkError] = useState<unknown>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const { closes } = attendanceWindow(event);

  const intro = editable ? (
    <p className="text-sm text-slate-600">
      参加者ごとに出欠を選ぶと、その場で保存されます。{formatLongDate(closes)} {formatTime(closes)}
      まで（終了から{ATTENDANCE_WINDOW_DAYS}
      日間）変更できます。個々の出欠は本人と主催者だけが見られます。
    </p>
  ) : (
    <p className="text-sm text-slate-600">
      出欠を記録できる期間（終了から{ATTENDANCE_WINDOW_DAYS}日間）は終わりました。
    </p>
  );

  if (event.participants.length === 0) {
    return (
      <>
        {intro}
        <p className="mt-3 text-sm text-slate-500">参加者はいません。</p>
      </>
    );
  }
  if (marks.isPending || people.isPending) {
    return (
      <>
        {intro}
        <Spinner className="py-6" label="出欠を読み込み中…" />
      </>
    );
  }
  if (marks.isError || people.isError) {
    return (
      <>
        {intro}
        <LoadError
          className="mt-3"
          message="出欠を読み込めませんでした"
          busy={marks.isFetching || people.isFetching}
          onRetry={() => {
            void marks.refetch();
            void people.refetch();
          }}
        />
      </>
    );
  }

  const names = new Map(people.data.map((p) => [p.id, p]));
  const absentMarked = event.participants.some(
    (uid) => marks.data[uid] && marks.data[uid] !== 'attended',
  );
  const busy = markAll.isPending;

  const save = async (uid: string, status: AttendanceStatus) => {
    setRowError(null);
    try {
      await mark.mutateAsync({ userId: uid, status });
      const name = names.get(uid)?.displayName || 'ユーザー';
      toast({
        title: `${name}さんを「${ATTENDANCE_LABELS[status]}」にしました`,
        variant: 'success',
      });
    } catch (e) {
      setRowError({ uid, error: e });
    }
  };

  const saveAll = async () => {
    setBulkError(null);
    try {
      await markAll.mutateAsync(event.participants);
      toast({ title: '全員を「出席」にしました', variant: 'success' });
    } catch (e) {
      setBulkError(e);
    } finally {
      setConfirmAll(false);
    }
  };

  return (
    <>
      {intro}
      {editable ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            busy={busy}
            busyLabel="保存中…"
            disabled={mark.isPending}
            onClick={() => (absentMarked ? setConfirmAll(true) : void saveAll())}
          >
            全員出席
          </Button>
          <ActionError error={bulkError} className="w-full" />
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-200" aria-label="参加者の出欠">
        {event.participants.map((uid) => {
          const p = names.get(uid);
          const name = p?.displayName || 'ユーザー';
          const recorded = marks.data[uid] ?? null;
          const saving = mark.isPending && mark.variables?.userId === uid;
          return (
            <li key={uid} className="py-3">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <Link
                  to={`/profile/${encodeURIComponent(uid)}`}
                  className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900 hover:underline"
                >
                  <Avatar name={name} photoURL={p?.photoURL ?? ''} size={32} />
                  <span className="truncate">{name}</span>
                </Link>
                <div className="flex items-center gap-2">
                  {editable ? (
                    <select
                      aria-label={`${name}さんの出欠`}
                      className="min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm sm:w-auto"
                      value={saving ? mark.variables!.status : (recorded ?? 'attended')}
                      disabled={saving || busy}
                      onChange={(e) => void save(uid, e.target.value as AttendanceStatus)}
                    >
                      {ATTENDANCE_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {ATTENDANCE_LABELS[s]}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="text-sm text-slate-800">
                      {ATTENDANCE_LABELS[recorded ?? 'attended']}
                    </span>
                  )}
                  <span className="w-14 shrink-0 text-xs text-slate-500" aria-live="polite">
                    {saving ? '保存中…' : recorded ? '記録済み' : '未記録'}
                  </span>
                </div>
              </div>
              {rowError?.uid === uid ? (
                <ActionError error={rowError.error} className="mt-2" />
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirmAll}
        title="全員を出席にしますか？"
        confirmLabel="全員出席にする"
        busy={busy}
        onConfirm={() => void saveAll()}
        onCancel={() => setConfirmAll(false)}
      >
        欠席（連絡あり）・無断欠席と記録した参加者も「出席」に変わります。
      </ConfirmDialog>
    </>
  );
}
