import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PanelCard } from '@/components/ui/panel-card';
import { formatLongDate, formatLongDateWithWeekday } from '@/domain/format';
import { hasEnded } from '@/domain/participation-history';
import { eventQueries } from '@/features/events/public';
import { participationQueries } from '@/features/participation/public';
import { useBackend } from '@/lib/backend-context';
import { ListEmpty, ListError, PagedEventList, RowsSkeleton } from './event-rows';

/**
 * What is ahead for me: the events I take part in and my requests still waiting for an answer.
 * Shown on my profile and, signed in, at the top of the home page.
 */

export function FindEventsLink({ children }: { children: string }) {
  return (
    <Link to="/events" className="font-semibold text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

export function JoinedSection({ uid }: { uid: string }) {
  const backend = useBackend();
  const query = useInfiniteQuery(eventQueries.byParticipant(uid, 'upcoming', backend));
  return (
    <PanelCard title="参加予定のイベント">
      <PagedEventList
        query={query}
        label="参加予定のイベント"
        // Today's events that have ended already count in the history instead.
        hide={(event) => hasEnded(event)}
        empty={
          <>
            参加予定のイベントはありません。
            <br />
            <FindEventsLink>イベントを探す</FindEventsLink>
          </>
        }
      />
    </PanelCard>
  );
}

export function PendingRequestsSection({ uid }: { uid: string }) {
  const backend = useBackend();
  const query = useQuery(participationQueries.myPending(uid, backend));
  return (
    <PanelCard title="承認待ちのリクエスト">
      {query.isPending ? (
        <RowsSkeleton label="承認待ちのリクエストを読み込み中" />
      ) : query.isError ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <ListEmpty>承認待ちのリクエストはありません。</ListEmpty>
      ) : (
        <ul aria-label="承認待ちのリクエスト">
          {query.data.map((r) => (
            <li key={r.id} className="border-b border-slate-100 py-3 last:border-b-0">
              <p className="text-xs text-slate-500">
                {r.event.date ? formatLongDateWithWeekday(r.event.date) : '日程を確認中'}
              </p>
              <Link
                to={`/events/${encodeURIComponent(r.eventId)}`}
                className="mt-0.5 block font-semibold break-words text-slate-900 hover:text-brand-800 hover:underline"
              >
                {r.event.title}
              </Link>
              <p className="mt-0.5 text-xs text-slate-500">
                {r.createdAt ? `${formatLongDate(r.createdAt)}に申請` : '申請済み'}
                {r.event.location ? `・${r.event.location}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}
