import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PanelCard } from '@/components/ui/panel-card';
import { formatEventTimes, formatLongDateWithWeekday } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { followQueries } from './follow-queries';

/**
 * Home's 「フォロー中の新着イベント」 for a signed-in user (docs/follows.md): the followed
 * organizers' and teams' upcoming open events, soonest first. Loaded only when someone is signed
 * in; nothing shows for someone who follows nobody.
 */
export default function FollowedEvents({ uid }: { uid: string }) {
  const backend = useBackend();
  const events = useQuery(followQueries.events(uid, backend));
  if (!events.data || events.data.length === 0) return null;
  return (
    <div className="mt-4">
      <PanelCard title="フォロー中の新着イベント">
        <ul aria-label="フォロー中の新着イベント">
          {events.data.map((e) => (
            <li key={e.id} className="border-b border-slate-100 py-3 last:border-b-0">
              <Link
                to={`/events/${encodeURIComponent(e.id)}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {e.title}
              </Link>
              <p className="mt-1 text-sm text-slate-600">
                {formatLongDateWithWeekday(e.date)} {formatEventTimes(e.startTime, e.endTime)}
                {e.location ? ` ・ ${e.location}` : ''}
              </p>
              <p className="text-xs text-slate-500">
                {e.teamName ? e.teamName : `${e.organizerName || '主催者'}さん`}
              </p>
            </li>
          ))}
        </ul>
      </PanelCard>
    </div>
  );
}
