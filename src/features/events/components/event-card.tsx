import { lazy, memo, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { CARD_GRID_CLASS, CardGridSkeleton } from '@/components/ui/card-grid';
import { CoverImage } from '@/components/ui/cover-image';
import { ENTRY_METHOD_LABELS, type SportEvent } from '@/domain/entities/event';
import { formatEventTimes, formatFee, formatLongDateWithWeekday } from '@/domain/format';
import { CalendarIcon, ClockIcon, PeopleIcon, PinIcon } from './icons';
import { StatusBadge } from './status-badge';
import { useCurrentUser } from '@/features/auth/public';

const BoardUnreadMark = lazy(() =>
  import('@/features/boards/public').then((m) => m.loadBoardUnreadMark()),
);

/** 「掲示板に新着」 for those with a place on the event's board (loaded only for them). */
export function EventBoardMark({
  event,
  className,
  href,
}: {
  event: SportEvent;
  className?: string;
  /** Where the mark leads (the board on the event's own page); a card's mark is inside its link. */
  href?: string;
}) {
  const uid = useCurrentUser()?.uid;
  const placed =
    !!uid &&
    (uid === event.organizerId || event.participants.includes(uid) || event.waitlist.includes(uid));
  return placed ? (
    <Suspense fallback={null}>
      <BoardUnreadMark board={{ kind: 'event', id: event.id }} className={className} href={href} />
    </Suspense>
  ) : null;
}

/**
 * The image area of a card: the event's picture, or its sport when it has none. An eager image
 * is one the first screen shows (the detail's, the first card's: EAGER_CARDS).
 */
export function EventImage({
  event,
  eager = false,
  className = '',
}: {
  event: Pick<SportEvent, 'imageURL' | 'sportType' | 'title'>;
  eager?: boolean;
  className?: string;
}) {
  return (
    <CoverImage
      src={event.imageURL}
      fallback={event.sportType || 'スポーツ'}
      eager={eager}
      className={className}
    />
  );
}

function participantsText(event: SportEvent): string {
  return event.capacity > 0
    ? `${event.participants.length} / ${event.capacity}人`
    : `${event.participants.length}人`;
}

export const EventCard = memo(function EventCard({
  event,
  eager = false,
}: {
  event: SportEvent;
  eager?: boolean;
}) {
  const times = formatEventTimes(event.startTime, event.endTime);
  return (
    <li className="h-full" data-testid="event-card">
      <Link
        to={`/events/${encodeURIComponent(event.id)}`}
        className="group flex h-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:shadow-md sm:flex-col"
      >
        {/*
          On a phone the picture is a thumbnail beside the text, so a screen holds several cards.
          It keeps the picture's 16:9 frame (a taller frame would crop its sides, and with them
          the sport's name on a demo picture), with the status and the entry method below it
          instead of over it (in the text's last row they would push the count to a line of its
          own); from sm up the entry method sits in that row.
        */}
        <div className="w-32 shrink-0 p-3 pr-0 sm:relative sm:w-auto sm:p-0">
          <EventImage event={event} eager={eager} className="rounded-md sm:rounded-none" />
          <StatusBadge
            event={event}
            className="mt-2 sm:absolute sm:top-2 sm:left-2 sm:mt-0 sm:shadow-sm"
          />
          <p className="mt-1 sm:hidden">
            <span className="sr-only">参加方法：</span>
            <span className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
              {ENTRY_METHOD_LABELS[event.entryMethod]}
            </span>
          </p>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-2 sm:p-4">
          <p className="text-xs font-semibold text-brand-700">
            {event.sportType}
            {event.seriesId ? (
              <span data-testid="series-label" className="ml-2 font-normal text-slate-600">
                {event.seriesLabel || '定期開催'}
              </span>
            ) : null}
          </p>
          <h2 className="line-clamp-2 text-base leading-snug font-bold text-slate-900 group-hover:underline">
            {event.title}
          </h2>
          <EventBoardMark event={event} className="self-start" />
          <dl className="space-y-0.5 text-sm text-slate-600 sm:space-y-1">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">開催日</dt>
              <CalendarIcon className="text-slate-400" />
              <dd>{formatLongDateWithWeekday(event.date)}</dd>
            </div>
            {times ? (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">時間</dt>
                <ClockIcon className="text-slate-400" />
                <dd>{times}</dd>
              </div>
            ) : null}
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">場所</dt>
              <PinIcon className="text-slate-400" />
              <dd className="truncate">{event.location}</dd>
            </div>
          </dl>
          <dl className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-2 text-sm sm:pt-3">
            <div>
              <dt className="sr-only">レベル</dt>
              <dd className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {event.level}
              </dd>
            </div>
            <div className="hidden sm:block">
              <dt className="sr-only">参加方法</dt>
              <dd className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
                {ENTRY_METHOD_LABELS[event.entryMethod]}
              </dd>
            </div>
            <div>
              <dt className="sr-only">参加費</dt>
              <dd className="font-semibold text-slate-800">{formatFee(event.fee)}</dd>
            </div>
            <div className="ml-auto flex items-center gap-1 text-slate-600">
              <dt className="sr-only">参加者 / 定員</dt>
              <PeopleIcon className="text-slate-400" />
              <dd>{participantsText(event)}</dd>
            </div>
          </dl>
        </div>
      </Link>
    </li>
  );
});

export const EVENT_GRID_CLASS = CARD_GRID_CLASS;

export function EventCardGridSkeleton({
  count,
  label = 'イベントを読み込み中…',
}: {
  count?: number;
  label?: string;
}) {
  return <CardGridSkeleton count={count} label={label} />;
}
