import { useId, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/page';
import { STAFF_NOTE_MAX } from '@/domain/constants';
import { EVENT_STATUS_LABELS, organizerDisplay, type SportEvent } from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { formatEventTimes, formatSlashDate } from '@/domain/format';
import { canTransition } from '@/domain/rules/events';
import {
  STAFF_CANCEL_REASON_LABELS,
  STAFF_CANCEL_REASONS,
  type StaffCancelReason,
} from '@/domain/entities/staff-cancel';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useCancelEventAsStaff } from '../staff-mutations';
import { staffQueries } from '../staff-queries';
import { PagedList } from './paged-list';
import { SearchForm } from './search-form';
import { InlineError } from './inline-error';
import { TextAreaField } from './text-area-field';

const STATUS_STYLE: Record<SportEvent['status'], string> = {
  open: 'bg-emerald-100 text-emerald-800',
  closed: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-red-100 text-red-800',
  finished: 'bg-slate-200 text-slate-700',
};

/** Staff call an event off (中止) with a reason from the list and a note for the audit log. */
function CancelAction({ event }: { event: SportEvent }) {
  const cancel = useCancelEventAsStaff();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<StaffCancelReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!canTransition(event.status, 'cancelled')) return null;

  const close = () => {
    setOpen(false);
    setReason('');
    setNote('');
    setError(null);
  };
  const confirm = () => {
    if (!reason) return;
    setError(null);
    cancel.mutate(
      { eventId: event.id, reason, note },
      {
        onSuccess: () => {
          close();
          toast({ title: `「${event.title}」を中止にしました`, variant: 'success' });
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <>
      <Button
        variant="secondary"
        className="text-red-700"
        onClick={() => setOpen(true)}
        aria-label={`「${event.title}」を中止する`}
      >
        中止する
      </Button>
      <ConfirmDialog
        open={open}
        title="イベントを中止しますか？"
        confirmLabel="中止する"
        cancelLabel="やめる"
        danger
        busy={cancel.isPending}
        confirmDisabled={!reason || note.length > STAFF_NOTE_MAX}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>
          「{event.title}」を運営として中止にします。主催者と参加者{event.participants.length}
          人に、中止と理由が通知されます。中止したイベントは元に戻せません。
        </p>
        <label htmlFor={reasonId} className="mt-4 block text-sm font-semibold text-slate-700">
          中止の理由<span className="ml-1 text-xs text-red-700">（必須）</span>
        </label>
        <select
          id={reasonId}
          value={reason}
          disabled={cancel.isPending}
          onChange={(e) => setReason(e.target.value as StaffCancelReason | '')}
          className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
        >
          <option value="">選んでください</option>
          {STAFF_CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {STAFF_CANCEL_REASON_LABELS[r]}
            </option>
          ))}
        </select>
        <TextAreaField
          label="メモ"
          hint="経緯など。監査ログに記録され、主催者・参加者には表示されません。"
          value={note}
          onChange={setNote}
          max={STAFF_NOTE_MAX}
          disabled={cancel.isPending}
        />
        <InlineError message={error} />
      </ConfirmDialog>
    </>
  );
}

function EventRow({ event }: { event: SportEvent }) {
  const organizer = organizerDisplay(event);
  const times = formatEventTimes(event.startTime, event.endTime);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[event.status]}`}
          >
            {EVENT_STATUS_LABELS[event.status]}
          </span>
          <Link
            to={`/events/${encodeURIComponent(event.id)}`}
            className="font-semibold break-words text-slate-900 hover:underline"
          >
            {event.title || '（タイトルなし）'}
          </Link>
        </div>
        <p className="mt-1 text-xs text-slate-500">
          開催 {formatSlashDate(event.date)} {times}
          <span className="mx-2" aria-hidden="true">
            ・
          </span>
          主催{' '}
          <Link
            to={`/profile/${encodeURIComponent(event.organizerId)}`}
            className="hover:underline"
          >
            {organizer.name}
          </Link>
          <span className="mx-2" aria-hidden="true">
            ・
          </span>
          参加 {event.participants.length}
          {event.capacity > 0 ? ` / ${event.capacity}` : ''}人
          <span className="mx-2" aria-hidden="true">
            ・
          </span>
          作成 {formatSlashDate(event.createdAt)}
        </p>
      </div>
      <CancelAction event={event} />
    </li>
  );
}

/** Events newest created first, with a keyword over title and place. */
export function EventsTab({
  keyword,
  onSearch,
}: {
  keyword: string;
  onSearch: (text: string) => void;
}) {
  const backend = useBackend();
  const query = useInfiniteQuery(staffQueries.events(keyword, backend));

  return (
    <section aria-label="イベント">
      <SearchForm
        key={keyword}
        label="イベントを検索"
        hint="タイトルと開催場所から探します。新しく作成された順に表示します。"
        initial={keyword}
        onSearch={onSearch}
      />
      <PagedList
        query={query}
        loadingLabel="イベントを読み込み中…"
        errorText="イベントを読み込めませんでした"
        empty={
          <EmptyState
            title={
              keyword ? `「${keyword}」に一致するイベントはありません` : 'イベントはありません'
            }
          />
        }
      >
        {(events) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {events.map((e) => (
              <EventRow key={e.id} event={e} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
