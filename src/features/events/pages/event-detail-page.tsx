import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { DetailCard as Card, DetailRow as Row } from '@/components/ui/detail';
import { ErrorState, Page, useDocumentTitle } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import {
  ENTRY_METHOD_LABELS,
  EVENT_STATUS_LABELS,
  eventStart,
  isOver,
  organizerDisplay,
  spotsLeft,
  type SportEvent,
} from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { STAFF_CANCEL_REASON_LABELS } from '@/domain/entities/staff-cancel';
import {
  formatEventTimes,
  formatFee,
  formatLongDate,
  formatLongDateWithWeekday,
  formatMonthDayWithWeekday,
  formatTime,
  isSameDay,
} from '@/domain/format';
import { HEADCOUNT_MODE_LABELS, headcountStatusLabel } from '@/domain/headcount';
import { ReportButton } from '@/features/admin/public';
import { AttendancePanel } from '@/features/attendance/public';
import { useCurrentUser } from '@/features/auth/public';
import { FeeRoster, MyFeePanel } from '@/features/fees/public';
import { MyCodePanel, ReceptionPanel } from '@/features/checkin/public';
import { Avatar } from '@/components/ui/avatar';
import { StartConversationButton } from '@/features/messages/public';
import { ParticipationPanel } from '@/features/participation/public';
import { useBackend } from '@/lib/backend-context';
import { EventBoardMark, EventImage } from '../components/event-card';
import { EventShareActions } from '../components/event-share-actions';
import { ParticipantsSection } from '../components/participants-section';
import { StatusBadge } from '../components/status-badge';
import { eventQueries } from '../event-queries';
import { useLiveEvent } from '../use-live-event';
import { LinkedText } from '@/components/ui/linked-text';

// The organizer's tools load only for the organizer: a visitor's page does without them.
const OrganizerMenu = lazy(() => import('../components/organizer-menu'));
// A series date's 「今回はお休み」 loads only on a series date for someone signed in.
const SeriesSkip = lazy(() => import('../components/series-skip'));
const BoardPanel = lazy(() => import('@/features/boards/public').then((m) => m.loadBoardPanel()));

export function EventNotFound() {
  return (
    <Page title="イベントが見つかりません" narrow>
      <p className="text-slate-600">
        このイベントは削除されたか、URLが間違っている可能性があります。
      </p>
      <Link to="/events" className={buttonClass('primary', 'mt-6')}>
        イベント一覧へ戻る
      </Link>
    </Page>
  );
}

function spotsText(event: SportEvent): string {
  // An event that is over takes nobody: no seats are counted down.
  if (isOver(event, new Date())) return '';
  if (event.capacity <= 0) return '定員なし';
  const left = spotsLeft(event);
  return left === 0 ? '満員' : `残り${left}人`;
}

/** The minimum and how it is decided: 「4人（6月12日(木) 18:00 に判定・自動で中止）」. */
function headcountText(event: SportEvent): string {
  const setting = event.minHeadcount!;
  const at = event.headcountDecideAt;
  const when = at ? `${formatMonthDayWithWeekday(at)} ${formatTime(at)} に判定・` : '';
  return `${setting.min}人（${when}${HEADCOUNT_MODE_LABELS[setting.mode]}）`;
}

function Organizer({ event }: { event: SportEvent }) {
  const backend = useBackend();
  // The name and photo are denormalized onto the event; older documents lack them, and only
  // then is the profile read.
  const needsProfile = !event.organizerName && event.organizerId !== '';
  const profile = useQuery({
    ...eventQueries.organizerProfile(event.organizerId, backend),
    enabled: needsProfile,
  });
  const { name, photoURL } = organizerDisplay(event, profile.data);
  const content = (
    <>
      <Avatar name={name} photoURL={photoURL} size={44} />
      <span className="min-w-0">
        <span className="block text-xs text-slate-500">主催者</span>
        <span className="block truncate font-semibold text-slate-900">{name}</span>
      </span>
    </>
  );
  return event.organizerId ? (
    <Link
      to={`/profile/${encodeURIComponent(event.organizerId)}`}
      className="flex items-center gap-3 rounded-md p-1 hover:bg-slate-50"
    >
      {content}
    </Link>
  ) : (
    <div className="flex items-center gap-3 p-1">{content}</div>
  );
}

function EventDetail({ event }: { event: SportEvent }) {
  useDocumentTitle(event.title);
  const user = useCurrentUser();
  const isOrganizer = user !== null && user.uid === event.organizerId;
  // Fees (docs/fees.md): each participant sees their own, the organizer everyone's.
  const hasFee = event.fee > 0;
  const participant = user !== null && event.participants.includes(user.uid);
  const feeParticipant = hasFee && participant;
  // Check-in (docs/fees.md "Check-in"): the code and 受付 show on the event's day.
  const onTheDay = event.status !== 'cancelled' && isSameDay(eventStart(event), new Date());
  const times = formatEventTimes(event.startTime, event.endTime);
  const headcount = headcountStatusLabel(event);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <Link to="/events" className="text-sm font-medium text-brand-700 hover:underline">
        ← イベント一覧へ
      </Link>
      {/* One column on a phone (picture, then how to take part, then the details); two from lg
          up, the side column spanning the rows so the left cards stack without gaps. */}
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_auto_auto_1fr]">
        <div className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm lg:col-start-1">
          <EventImage event={event} eager />
          <div className="p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge event={event} />
              <span className="text-sm font-semibold text-brand-700">{event.sportType}</span>
            </div>
            <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-slate-900">
              {event.title}
            </h1>
            <p className="mt-2 text-sm text-slate-600">
              {formatLongDateWithWeekday(event.date)} {times}
            </p>
            {event.seriesId ? (
              <p className="mt-1 text-sm">
                <Link
                  to={`/series/${encodeURIComponent(event.seriesId)}`}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  定期開催（{event.seriesLabel || '日程一覧'}）の日程をすべて見る
                </Link>
              </p>
            ) : null}
            {headcount ? (
              <p
                role="status"
                className={`mt-3 inline-block rounded-md px-3 py-1 text-sm font-semibold ${headcount === '開催決定' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
              >
                {headcount}
              </p>
            ) : null}
            {event.status === 'cancelled' && event.headcountDecision?.result === 'cancelled' ? (
              <p
                role="status"
                className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                参加者が最少催行人数に届かなかったため、このイベントは中止になりました。
              </p>
            ) : null}
            {event.status === 'cancelled' && event.staffCancelReason ? (
              <p
                role="status"
                className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
              >
                このイベントは運営により中止されました（理由：
                {STAFF_CANCEL_REASON_LABELS[event.staffCancelReason]}）。
              </p>
            ) : null}
            <EventBoardMark event={event} href="#board" className="mt-2" />
            <EventShareActions event={event} />
            <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
              {isOrganizer ? (
                <Link
                  to={`/events/${encodeURIComponent(event.id)}/edit`}
                  className={buttonClass('secondary')}
                >
                  編集
                </Link>
              ) : (
                <span />
              )}
              <ReportButton target={{ type: 'event', id: event.id }} ownerId={event.organizerId} />
            </div>
          </div>
        </div>

        <aside
          className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-4 lg:row-start-1"
          aria-label="参加と主催者"
        >
          <Card>
            <Organizer event={event} />
            <StartConversationButton
              otherUid={event.organizerId}
              label="主催者に問い合わせる"
              className="mt-3"
            />
          </Card>
          <ParticipationPanel event={event} />
          {event.seriesId && user ? (
            <Suspense fallback={null}>
              <SeriesSkip event={event} uid={user.uid} />
            </Suspense>
          ) : null}
          {participant && onTheDay ? (
            <Suspense fallback={<Spinner label="受付コードを読み込み中…" />}>
              <MyCodePanel event={event} uid={user.uid} />
            </Suspense>
          ) : null}
          {isOrganizer && onTheDay ? (
            <Suspense fallback={<Spinner label="受付を読み込み中…" />}>
              <ReceptionPanel event={event} />
            </Suspense>
          ) : null}
          {feeParticipant ? (
            <Suspense fallback={<Spinner label="支払い状況を読み込み中…" />}>
              <MyFeePanel event={event} uid={user.uid} />
            </Suspense>
          ) : null}
          {isOrganizer ? (
            <Suspense fallback={<Spinner label="主催者メニューを読み込み中…" />}>
              <OrganizerMenu event={event} />
            </Suspense>
          ) : null}
        </aside>

        <div className="min-w-0 lg:col-start-1">
          <Card title="開催情報" labelledBy="details-heading">
            <dl>
              <Row label="開催日">{formatLongDateWithWeekday(event.date)}</Row>
              <Row label="時間">{times || '未定'}</Row>
              <Row label="場所">{event.location}</Row>
              <Row label="地域">{event.region || '指定なし'}</Row>
              <Row label="種目">{event.sportType}</Row>
              <Row label="レベル">{event.level}</Row>
              <Row label="参加費">{formatFee(event.fee)}</Row>
              <Row label="定員">
                {event.capacity > 0
                  ? `${event.participants.length} / ${event.capacity}人`
                  : `${event.participants.length}人（定員なし）`}
                <span
                  className={`ml-2 font-semibold ${spotsText(event) === '満員' ? 'text-rose-700' : 'text-emerald-700'}`}
                >
                  {spotsText(event)}
                </span>
              </Row>
              {event.minHeadcount ? <Row label="最少催行人数">{headcountText(event)}</Row> : null}
              <Row label="参加方法">
                {ENTRY_METHOD_LABELS[event.entryMethod]}
                <span className="ml-2 text-xs text-slate-600">
                  {event.entryMethod === 'firstCome'
                    ? '空きがあればすぐに参加できます'
                    : '主催者の承認後に参加が確定します'}
                </span>
              </Row>
              <Row label="募集状態">{EVENT_STATUS_LABELS[event.status]}</Row>
              {event.teamName ? (
                <Row label="主催チーム">
                  {event.teamId ? (
                    <Link
                      to={`/teams/${encodeURIComponent(event.teamId)}`}
                      className="font-semibold text-brand-700 hover:underline"
                    >
                      {event.teamName}
                    </Link>
                  ) : (
                    event.teamName
                  )}
                </Row>
              ) : null}
              {event.createdAt ? <Row label="作成日">{formatLongDate(event.createdAt)}</Row> : null}
            </dl>
          </Card>
        </div>

        <div className="min-w-0 lg:col-start-1">
          <Card title="イベント内容" labelledBy="description-heading">
            {event.description ? (
              <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
                <LinkedText text={event.description} />
              </p>
            ) : (
              <p className="text-sm text-slate-500">説明はありません。</p>
            )}
          </Card>
        </div>

        <div className="min-w-0 self-start lg:col-start-1">
          <Card>
            <ParticipantsSection event={event} />
          </Card>
        </div>

        <div className="min-w-0 self-start lg:col-start-1">
          <Suspense fallback={<Spinner label="掲示板を読み込み中…" />}>
            <BoardPanel
              board={{ kind: 'event', id: event.id }}
              moderatorId={event.organizerId}
              seats={`${event.participants.join(',')};${event.waitlist.join(',')}`}
            />
          </Suspense>
        </div>

        {isOrganizer && hasFee ? (
          <div className="min-w-0 self-start lg:col-start-1">
            <Suspense fallback={<Spinner label="参加費を読み込み中…" />}>
              <FeeRoster event={event} />
            </Suspense>
          </div>
        ) : null}

        {isOrganizer ? (
          <div className="min-w-0 self-start lg:col-start-1">
            <Suspense fallback={<Spinner label="出欠を読み込み中…" />}>
              <AttendancePanel event={event} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export default function EventDetailPage() {
  const { id = '' } = useParams();
  const live = useLiveEvent(id);
  // The page replaces the spinner (and takes each change) in a deferred render, which React splits
  // into short tasks, instead of in the one task that delivers the event. Until that render, what
  // it has not caught up with shows as loading: the first answer, or another event (a link from
  // one event's page to another's), never the previous one under the new address.
  const deferred = useDeferredValue(live.data);
  const event =
    deferred === live.data || (deferred && deferred.id === live.data?.id) ? deferred : undefined;
  if (event === undefined && live.error) {
    return (
      <Page title="イベント詳細">
        <ErrorState
          message={errorMessage(live.error, 'イベントを読み込めませんでした')}
          onRetry={live.retry}
        />
      </Page>
    );
  }
  // A screen high, so the footer stays below the fold until the event arrives (no layout shift).
  if (event === undefined) {
    return <Spinner label="イベントを読み込み中…" className="min-h-[100svh]" />;
  }
  if (!event) return <EventNotFound />;
  return <EventDetail event={event} />;
}
