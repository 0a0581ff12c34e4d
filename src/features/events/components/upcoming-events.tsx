import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/page';
import { EAGER_CARDS } from '@/components/ui/cover-image';
import { EVENT_GRID_CLASS, EventCard, EventCardGridSkeleton } from './event-card';
import { useEventList } from '../use-event-list';

const SHOWN = 6;

/**
 * The next upcoming events for the home page. It reads the unfiltered first page of /events (the
 * same cache entry), so following "すべて見る" shows the list at once.
 */
export function UpcomingEvents() {
  const query = useEventList({});
  const events = query.data?.pages[0]?.items.slice(0, SHOWN) ?? [];
  // The cards replace the skeleton in a deferred render, split into short tasks (FilteredResults).
  const pending = useDeferredValue(query.isPending);
  return (
    <section aria-labelledby="upcoming-heading" className="mx-auto max-w-5xl px-4 py-10">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <h2 id="upcoming-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
          近日開催のイベント
        </h2>
        <Link to="/events" className="text-sm font-semibold text-brand-700 hover:underline">
          すべて見る →
        </Link>
      </div>
      {pending || query.isPending ? (
        <EventCardGridSkeleton count={3} />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          イベントを読み込めませんでした。
        </p>
      ) : events.length === 0 ? (
        <EmptyState title="近日開催のイベントはまだありません">
          <Link to="/create-event" className={buttonClass('secondary', 'mt-3')}>
            イベントを主催する
          </Link>
        </EmptyState>
      ) : (
        <ul className={EVENT_GRID_CLASS}>
          {events.map((event, i) => (
            <EventCard key={event.id} event={event} eager={i < EAGER_CARDS} />
          ))}
        </ul>
      )}
    </section>
  );
}
