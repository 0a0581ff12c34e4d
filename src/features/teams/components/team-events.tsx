import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { EVENT_STATUS_LABELS } from '@/domain/entities/event';
import { formatEventTimes, formatLongDateWithWeekday } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { teamEventsQuery } from '@/lib/shared-queries';

/** The team's upcoming events (TEAM_UPCOMING_EVENTS_LIMIT at most), soonest first. */
export function TeamEvents({ teamId, canCreate }: { teamId: string; canCreate: boolean }) {
  const backend = useBackend();
  const events = useQuery(teamEventsQuery(teamId, backend));
  return (
    <section aria-labelledby="team-events-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="team-events-heading" className="text-lg font-bold text-slate-900">
          今後のイベント
        </h2>
        {canCreate ? (
          <Link to="/create-event" className="text-sm font-semibold text-brand-700 hover:underline">
            イベントを作成 →
          </Link>
        ) : null}
      </div>
      {events.isPending ? (
        <ul className="mt-3 space-y-2" aria-hidden="true">
          <li className="h-14 animate-pulse rounded-md bg-slate-100" />
          <li className="h-14 animate-pulse rounded-md bg-slate-100" />
        </ul>
      ) : events.isError ? (
        <LoadError
          className="mt-3"
          message="イベントを読み込めませんでした。"
          onRetry={() => void events.refetch()}
          busy={events.isFetching}
        />
      ) : events.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">予定されているイベントはまだありません。</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {events.data.map((e) => (
            <li key={e.id}>
              <Link
                to={`/events/${encodeURIComponent(e.id)}`}
                className="flex flex-col gap-0.5 rounded-md px-1 py-2.5 hover:bg-slate-50"
              >
                <span className="text-xs text-slate-600">
                  {formatLongDateWithWeekday(e.date)} {formatEventTimes(e.startTime, e.endTime)}
                  {e.status !== 'open' ? (
                    <span className="ml-2 font-semibold text-slate-700">
                      {EVENT_STATUS_LABELS[e.status]}
                    </span>
                  ) : null}
                </span>
                <span className="font-semibold break-words text-slate-900">{e.title}</span>
                <span className="truncate text-sm text-slate-600">{e.location}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {canCreate && events.isSuccess && events.data.length === 0 ? (
        <Link to="/create-event" className={buttonClass('secondary', 'mt-3')}>
          チームのイベントを作成する
        </Link>
      ) : null}
    </section>
  );
}
