import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EVENT_DETAIL_PARTICIPANT_PROFILES } from '@/domain/constants';
import type { SportEvent } from '@/domain/entities/event';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { eventQueries } from '../event-queries';

/** The total count, and the first ten participants' profiles (never more are read). */
export function ParticipantsSection({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const ids = event.participants.slice(0, EVENT_DETAIL_PARTICIPANT_PROFILES);
  const profiles = useQuery({
    ...eventQueries.participantProfiles(event.id, ids, backend),
    enabled: ids.length > 0,
  });
  const byId = new Map((profiles.data ?? []).map((p) => [p.id, p]));
  const shown = ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
  const rest = event.participants.length - shown.length;

  return (
    <section aria-labelledby="participants-heading">
      <h2 id="participants-heading" className="text-lg font-bold text-slate-900">
        参加者{' '}
        <span className="text-base font-semibold text-slate-600">
          {event.participants.length}人
        </span>
      </h2>
      {event.participants.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">まだ参加者はいません。</p>
      ) : profiles.isPending ? (
        <ul className="mt-3 flex flex-wrap gap-3" aria-hidden="true">
          {ids.map((id) => (
            <li key={id} className="h-10 w-28 animate-pulse rounded-full bg-slate-100" />
          ))}
        </ul>
      ) : (
        <>
          <ul className="mt-3 flex flex-wrap gap-2">
            {shown.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/profile/${encodeURIComponent(p.id)}`}
                  className="inline-flex min-h-10 items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm text-slate-800 hover:bg-slate-50"
                >
                  <Avatar name={p.displayName} photoURL={p.photoURL} size={32} />
                  <span className="max-w-[10rem] truncate">{p.displayName || '名前未設定'}</span>
                </Link>
              </li>
            ))}
          </ul>
          {rest > 0 ? (
            <p className="mt-2 text-sm text-slate-600">ほか{rest}人が参加しています</p>
          ) : null}
        </>
      )}
    </section>
  );
}
