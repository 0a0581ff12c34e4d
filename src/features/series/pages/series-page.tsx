import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { DetailCard, DetailRow } from '@/components/ui/detail';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ENTRY_METHOD_LABELS, EVENT_STATUS_LABELS, spotsLeft } from '@/domain/entities/event';
import type { SportEvent } from '@/domain/entities/event';
import { formatFee, formatLongDateWithWeekday } from '@/domain/format';
import { seriesEndLabel, seriesScheduleLabel } from '@/domain/series';
import { useBackend } from '@/lib/backend-context';
import { SeriesRegulars } from '../components/series-regulars';
import { SeriesCalendar } from '../components/series-calendar';
import { useCurrentUser } from '@/features/auth/public';
import { seriesQueries } from '../series-queries';
import { EndSeries } from '../components/end-series';

/** While a new series waits for its first dates (the server's trigger), the page asks again. */
const WAIT_FOR_DATES_MS = 2000;

/** /series/:id: the rule in words, the upcoming dates with seats left, the past dates. */
export default function SeriesPage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const user = useCurrentUser();
  const series = useQuery(seriesQueries.detail(id, backend));
  const waiting = (s = series.data) => Boolean(s && s.status === 'active' && s.nextDate === '');
  const dates = useQuery({
    ...seriesQueries.dates(id, backend),
    refetchInterval: (q) =>
      waiting() && (q.state.data?.upcoming.length ?? 0) === 0 ? WAIT_FOR_DATES_MS : false,
  });
  if (series.isPending) {
    return (
      <Page title="定期開催">
        <Spinner />
      </Page>
    );
  }
  if (series.isError) {
    return (
      <Page title="定期開催">
        <ErrorState
          message="定期開催を読み込めませんでした"
          onRetry={() => void series.refetch()}
        />
      </Page>
    );
  }
  const s = series.data;
  if (!s) {
    return (
      <Page title="定期開催が見つかりません" narrow>
        <p className="text-sm text-slate-700">
          削除されたか、URLが間違っている可能性があります。
          <Link to="/events" className="ml-1 text-brand-700 underline">
            イベント一覧へ
          </Link>
        </p>
      </Page>
    );
  }
  const upcoming = dates.data?.upcoming ?? [];
  const past = dates.data?.past ?? [];
  return (
    <Page title={s.title}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <section
            aria-labelledby="series-rule-heading"
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <p className="text-sm font-semibold text-brand-700">
              定期開催・{s.sportType}
              {s.status === 'ended' ? '（終了）' : ''}
            </p>
            <h2
              id="series-rule-heading"
              data-testid="series-schedule"
              className="mt-1 text-xl font-bold text-slate-900"
            >
              {seriesScheduleLabel(s, s.startTime, s.endTime)}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{seriesEndLabel(s)}</p>
            <SeriesCalendar
              seriesId={s.id}
              title={s.title}
              dates={dates.data && [...dates.data.past].reverse().concat(dates.data.upcoming)}
            />
            {user?.uid === s.organizerId && s.status === 'active' ? (
              <EndSeries seriesId={s.id} />
            ) : null}
          </section>

          <DetailCard title="これからの日程" labelledBy="series-upcoming-heading">
            {dates.isPending ? (
              <Spinner />
            ) : dates.isError ? (
              <ErrorState
                message="日程を読み込めませんでした"
                onRetry={() => void dates.refetch()}
              />
            ) : upcoming.length === 0 ? (
              <p className="text-sm text-slate-600" role="status">
                {waiting() ? '日程を準備しています…' : '予定されている日程はありません'}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="series-upcoming">
                {upcoming.map((e) => (
                  <DateRow key={e.id} event={e} />
                ))}
              </ul>
            )}
          </DetailCard>

          {past.length > 0 ? (
            <DetailCard title="これまでの日程" labelledBy="series-past-heading">
              <ul className="divide-y divide-slate-100" data-testid="series-past">
                {past.map((e) => (
                  <DateRow key={e.id} event={e} past />
                ))}
              </ul>
            </DetailCard>
          ) : null}

          <SeriesRegulars series={s} upcoming={upcoming} />
        </div>

        <DetailCard title="開催情報" labelledBy="series-info-heading">
          <dl>
            <DetailRow label="場所">{s.location}</DetailRow>
            <DetailRow label="参加費">{formatFee(s.fee)}</DetailRow>
            <DetailRow label="定員">{s.capacity > 0 ? `${s.capacity}人` : '制限なし'}</DetailRow>
            <DetailRow label="参加方法">{ENTRY_METHOD_LABELS[s.entryMethod]}</DetailRow>
            <DetailRow label="主催者">
              <Link
                to={`/profile/${encodeURIComponent(s.organizerId)}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {s.organizerName || '主催者'}
              </Link>
            </DetailRow>
          </dl>
          {s.description ? (
            <p className="mt-3 text-sm whitespace-pre-wrap text-slate-800">{s.description}</p>
          ) : null}
        </DetailCard>
      </div>
    </Page>
  );
}

/** One date: its day and time, and the seats left (upcoming) or who took part (past). */
function DateRow({ event, past = false }: { event: SportEvent; past?: boolean }) {
  const left = spotsLeft(event);
  const state =
    event.status === 'cancelled'
      ? EVENT_STATUS_LABELS.cancelled
      : past
        ? `参加 ${event.participants.length}人`
        : left === Number.POSITIVE_INFINITY
          ? `参加 ${event.participants.length}人`
          : left === 0
            ? '満席'
            : `残り${left}席`;
  return (
    <li>
      <Link
        to={`/events/${encodeURIComponent(event.id)}`}
        className="flex items-center justify-between gap-3 py-3 text-sm hover:bg-slate-50"
        data-testid="series-date"
      >
        <span className="font-medium text-slate-900">
          {formatLongDateWithWeekday(event.date)} {event.startTime}
          {event.endTime ? `〜${event.endTime}` : ''}
        </span>
        <span
          className={`shrink-0 rounded px-2 py-0.5 text-xs ${
            event.status === 'cancelled'
              ? 'bg-red-50 text-red-800'
              : left === 0 && !past
                ? 'bg-amber-50 text-amber-800'
                : 'bg-brand-50 text-brand-800'
          }`}
        >
          {state}
        </span>
      </Link>
    </li>
  );
}
