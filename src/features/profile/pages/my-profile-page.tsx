import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { PanelCard } from '@/components/ui/panel-card';
import { ErrorState, Page, useDocumentTitle } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import { PARTICIPATION_HISTORY_LIMIT } from '@/domain/constants';
import { errorMessage } from '@/domain/errors';
import { useCurrentUser } from '@/features/auth/public';
import { eventQueries } from '@/features/events/public';
import { attendanceQueries } from '@/features/attendance/public';
import { ATTENDANCE_LABELS } from '@/domain/entities/attendance';
import { participationQueries } from '@/features/participation/public';
import { useBackend } from '@/lib/backend-context';
import {
  ListEmpty,
  ListError,
  PagedEventList,
  RowsSkeleton,
  EventRow,
} from '../components/event-rows';
import { FindEventsLink, JoinedSection, PendingRequestsSection } from '../components/my-plans';
import { ownFacts } from '../components/profile-facts';
import { ProfileMissing } from '../components/profile-missing';
import { ProfileSummary } from '../components/profile-summary';
import { profileQueries } from '../profile-queries';

// Loaded after the page is shown (docs/follows.md): the page's own JavaScript does not carry it.
const FollowingList = lazy(() =>
  import('@/features/follows/public').then((m) => m.loadFollowingList()),
);

/**
 * The participation history (docs/profile.md): the newest past participations with what each one
 * was (初参加, ２回目, 常連) and the attendance its organizer recorded, which only I see here.
 */
function HistorySection({ uid }: { uid: string }) {
  const backend = useBackend();
  const record = useQuery(attendanceQueries.record(uid, true, backend));
  return (
    <PanelCard
      title="参加履歴"
      badge={<span className="text-xs text-slate-500">直近{PARTICIPATION_HISTORY_LIMIT}件</span>}
    >
      {record.isPending ? (
        <RowsSkeleton label="参加履歴を読み込み中" />
      ) : record.isError ? (
        <ListError error={record.error} onRetry={() => void record.refetch()} />
      ) : record.data.history.length === 0 ? (
        <ListEmpty>
          まだ参加したイベントはありません。
          <br />
          <FindEventsLink>イベントを探す</FindEventsLink>
        </ListEmpty>
      ) : (
        <ul aria-label="参加履歴">
          {record.data.history.map(({ event, label, mark }) => (
            <EventRow
              key={event.id}
              event={event}
              extra={
                <>
                  {mark === null || mark === 'attended' ? (
                    <StatusPill tone="brand">{label}</StatusPill>
                  ) : null}
                  {mark ? (
                    <StatusPill tone={mark === 'noShow' ? 'amber' : 'slate'}>
                      {ATTENDANCE_LABELS[mark]}
                    </StatusPill>
                  ) : null}
                </>
              }
            />
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

/** How many requests wait for me on one of my events. */
function PendingCount({ eventId }: { eventId: string }) {
  const backend = useBackend();
  const count = useQuery(participationQueries.pendingCount(eventId, backend));
  if (count.isPending) return <span className="text-xs text-slate-400">確認中…</span>;
  if (count.isError) {
    return (
      <button
        type="button"
        onClick={() => void count.refetch()}
        className="text-xs text-red-700 underline"
      >
        件数を再取得
      </button>
    );
  }
  if (count.data === 0) return null;
  return (
    <Link to={`/events/${encodeURIComponent(eventId)}`} className="rounded-full">
      <StatusPill tone="amber">承認待ち {count.data}件</StatusPill>
    </Link>
  );
}

function OrganizedSection({ uid }: { uid: string }) {
  const backend = useBackend();
  const [when, setWhen] = useState<'upcoming' | 'past'>('upcoming');
  const query = useInfiniteQuery(eventQueries.byOrganizer(uid, when, backend));
  const tab = (value: 'upcoming' | 'past', label: string) => (
    <button
      type="button"
      aria-pressed={when === value}
      onClick={() => setWhen(value)}
      className={`rounded-md px-3 py-1.5 text-xs font-semibold ${when === value ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {label}
    </button>
  );
  return (
    <PanelCard
      title="主催しているイベント"
      badge={
        <div role="group" aria-label="表示するイベント" className="flex gap-1">
          {tab('upcoming', 'これから')}
          {tab('past', '終了・過去')}
        </div>
      }
    >
      <PagedEventList
        query={query}
        label={when === 'upcoming' ? '主催予定のイベント' : '過去に主催したイベント'}
        empty={
          when === 'upcoming' ? (
            <>
              主催予定のイベントはありません。
              <br />
              <Link to="/create-event" className="font-semibold text-brand-700 hover:underline">
                イベントを作成する
              </Link>
            </>
          ) : (
            '過去に主催したイベントはありません。'
          )
        }
        extra={when === 'upcoming' ? (event) => <PendingCount eventId={event.id} /> : undefined}
      />
    </PanelCard>
  );
}

function MyProfile({ uid }: { uid: string }) {
  const backend = useBackend();
  const profile = useQuery(profileQueries.detail(uid, backend));
  // Owner-only: not fetched once the session has moved on (sign-out, another user).
  const me = useCurrentUser();
  const privateProfile = useQuery({
    ...profileQueries.private(uid, backend),
    enabled: me?.uid === uid,
  });
  if (profile.isPending) return <Spinner label="プロフィールを読み込み中…" />;
  if (profile.isError) {
    return (
      <Page title="マイプロフィール">
        <ErrorState
          message={errorMessage(profile.error, 'プロフィールを読み込めませんでした')}
          onRetry={() => void profile.refetch()}
        />
      </Page>
    );
  }
  if (!profile.data) {
    return (
      <Page title="マイプロフィール">
        <ProfileMissing onRetry={() => void profile.refetch()} />
      </Page>
    );
  }
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:py-8">
      <ProfileSummary
        profile={profile.data}
        facts={ownFacts(profile.data, privateProfile)}
        actions={
          <>
            <Link to="/profile/settings" className={buttonClass('primary')}>
              プロフィールを編集
            </Link>
            <Link to={`/profile/${encodeURIComponent(uid)}`} className={buttonClass('secondary')}>
              公開プロフィールを見る
            </Link>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <HistorySection uid={uid} />
        <OrganizedSection uid={uid} />
        <JoinedSection uid={uid} />
        <PendingRequestsSection uid={uid} />
        <Suspense fallback={null}>
          <FollowingList uid={uid} />
        </Suspense>
      </div>
    </div>
  );
}

export default function MyProfilePage() {
  useDocumentTitle('マイプロフィール');
  const user = useCurrentUser();
  return user ? <MyProfile uid={user.uid} /> : null;
}
