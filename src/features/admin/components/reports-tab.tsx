import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/page';
import { STAFF_NOTE_MAX } from '@/domain/constants';
import {
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_TARGET_LABELS,
  reportTargetPath,
  type Report,
  type ReportStatus,
} from '@/domain/entities/report';
import { errorMessage } from '@/domain/errors';
import { formatSlashDate, formatTime } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useResolveReport } from '../staff-mutations';
import { staffQueries } from '../staff-queries';
import { PagedList } from './paged-list';
import { usePeople, type People } from './people';
import { InlineError } from './inline-error';
import { TextAreaField } from './text-area-field';

function ResolveAction({ report }: { report: Report }) {
  const resolve = useResolveReport();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setNote('');
    setError(null);
  };
  const confirm = () => {
    setError(null);
    resolve.mutate(
      { reportId: report.id, note },
      {
        onSuccess: () => {
          close();
          toast({ title: '通報を対応済みにしました', variant: 'success' });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        対応済みにする
      </Button>
      <ConfirmDialog
        open={open}
        title="通報を対応済みにしますか？"
        confirmLabel="対応済みにする"
        busy={resolve.isPending}
        confirmDisabled={note.trim() === '' || note.length > STAFF_NOTE_MAX}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>行った対応を記録してください。通報した方には表示されません。</p>
        <TextAreaField
          label="対応内容"
          required
          value={note}
          onChange={setNote}
          max={STAFF_NOTE_MAX}
          disabled={resolve.isPending}
        />
        <InlineError message={error} />
      </ConfirmDialog>
    </>
  );
}

function quickLink(people: People, uid: string): string | null {
  const id = people.profile(uid)?.customUserId;
  return id ? `/admin-quick?id=${encodeURIComponent(id)}` : null;
}

function ReportRow({ report, people }: { report: Report; people: People }) {
  const path = reportTargetPath(report);
  const subjectQuick = quickLink(people, report.subjectUserId);
  const label = report.targetLabel || '（名前なし）';
  // A post is quoted as a message is; its link opens the event or team it was posted on.
  const quoted = report.targetType === 'eventPost' || report.targetType === 'teamPost';
  return (
    <li className="p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {REPORT_TARGET_LABELS[report.targetType]}
            </span>
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {REPORT_REASON_LABELS[report.reason]}
            </span>
            {path ? (
              <Link to={path} className="font-semibold break-words text-slate-900 hover:underline">
                {quoted
                  ? `${report.targetType === 'eventPost' ? 'イベント' : 'チーム'}を開く`
                  : label}
              </Link>
            ) : (
              <span className="font-semibold text-slate-900">メッセージ</span>
            )}
          </div>
          {report.targetType === 'message' || quoted ? (
            <blockquote className="mt-2 border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">
              {label}
            </blockquote>
          ) : null}
          {report.detail ? (
            <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-700">
              {report.detail}
            </p>
          ) : null}
          <p className="mt-2 text-xs text-slate-500">
            通報者{' '}
            <Link
              to={`/profile/${encodeURIComponent(report.reporterId)}`}
              className="hover:underline"
            >
              {people.name(report.reporterId)}
            </Link>
            <span className="mx-2" aria-hidden="true">
              ・
            </span>
            対象者{' '}
            {subjectQuick ? (
              <Link to={subjectQuick} className="hover:underline">
                {people.name(report.subjectUserId)}
              </Link>
            ) : (
              people.name(report.subjectUserId)
            )}
            <span className="mx-2" aria-hidden="true">
              ・
            </span>
            {formatSlashDate(report.createdAt)} {formatTime(report.createdAt)}
          </p>
          {report.status === 'resolved' ? (
            <div className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              <p className="font-semibold">
                対応済み（{people.name(report.resolvedBy)}・{formatSlashDate(report.resolvedAt)}{' '}
                {formatTime(report.resolvedAt)}）
              </p>
              <p className="mt-1 break-words whitespace-pre-wrap">{report.resolutionNote}</p>
            </div>
          ) : null}
        </div>
        {report.status === 'open' ? <ResolveAction report={report} /> : null}
      </div>
    </li>
  );
}

const STATUSES: ReportStatus[] = ['open', 'resolved'];

/** The report queue, newest first, open or resolved. */
export function ReportsTab({
  status,
  onStatus,
}: {
  status: ReportStatus;
  onStatus: (s: ReportStatus) => void;
}) {
  const backend = useBackend();
  const query = useInfiniteQuery(staffQueries.reports(status, backend));
  const reports = query.data?.pages.flatMap((p) => p.items) ?? [];
  const people = usePeople(reports.flatMap((r) => [r.reporterId, r.subjectUserId, r.resolvedBy]));

  return (
    <section aria-label="通報">
      <div role="group" aria-label="表示する通報" className="mb-4 flex gap-2">
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={s === status}
            onClick={() => onStatus(s)}
            className={`min-h-10 rounded-full px-4 text-sm font-semibold ${s === status ? 'bg-brand-700 text-white' : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {REPORT_STATUS_LABELS[s]}
          </button>
        ))}
      </div>
      <PagedList
        query={query}
        loadingLabel="通報を読み込み中…"
        errorText="通報を読み込めませんでした"
        empty={
          <EmptyState
            title={status === 'open' ? '未対応の通報はありません' : '対応済みの通報はありません'}
          />
        }
      >
        {(items) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {items.map((r) => (
              <ReportRow key={r.id} report={r} people={people} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
