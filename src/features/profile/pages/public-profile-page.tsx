import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { PanelCard } from '@/components/ui/panel-card';
import { ErrorState, Page, useDocumentTitle } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { UserProfile } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { useCurrentUser } from '@/features/auth/public';
import { eventQueries } from '@/features/events/public';
import { useBackend } from '@/lib/backend-context';
import { PagedEventList } from '../components/event-rows';
import { ProfileActions } from '../components/profile-actions';
import { publicFacts } from '../components/profile-facts';
import { ProfileSummary } from '../components/profile-summary';
import { profileQueries } from '../profile-queries';

// Loaded after the page is shown (docs/follows.md): the page's own JavaScript does not carry it.
const FollowButton = lazy(() =>
  import('@/features/follows/public').then((m) => m.loadFollowButton()),
);

function UserNotFound() {
  return (
    <Page title="ユーザーが見つかりません" narrow>
      <p className="text-slate-600">
        このユーザーは存在しないか、URLが間違っている可能性があります。
      </p>
      <Link to="/events" className={buttonClass('primary', 'mt-6')}>
        イベント一覧へ
      </Link>
    </Page>
  );
}

function PublicProfile({ profile }: { profile: UserProfile }) {
  const backend = useBackend();
  const me = useCurrentUser();
  const isMe = me?.uid === profile.id;
  const name = profile.displayName || 'ユーザー';
  useDocumentTitle(`${name}さんのプロフィール`);
  const organized = useInfiniteQuery(eventQueries.byOrganizer(profile.id, 'upcoming', backend));
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:py-8">
      {isMe ? (
        <p
          role="note"
          className="rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
        >
          ほかのユーザーから見たあなたのプロフィールです。
          <Link to="/profile" className="ml-1 font-semibold underline">
            マイプロフィールへ戻る
          </Link>
        </p>
      ) : null}
      <ProfileSummary
        profile={profile}
        facts={publicFacts(profile)}
        actions={<ProfileActions profile={profile} isMe={isMe} />}
        follow={
          <Suspense fallback={null}>
            <FollowButton target={{ kind: 'user', id: profile.id }} name={`${name}さん`} />
          </Suspense>
        }
      />
      <PanelCard title="主催予定のイベント">
        <PagedEventList
          query={organized}
          label={`${name}さんが主催予定のイベント`}
          empty="主催予定のイベントはありません。"
        />
      </PanelCard>
    </div>
  );
}

/** /profile/{id}: what anyone, signed in or not, may see of a user. */
export default function PublicProfilePage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const profile = useQuery(profileQueries.detail(id, backend));
  // The page replaces the spinner in a deferred render, which React splits into short tasks,
  // instead of in the one task that delivers the profile. (Another person's profile, not yet
  // read, shows the spinner at once.)
  const pending = useDeferredValue(profile.isPending);
  // A screen high, so the footer stays below the fold until the profile arrives (no layout shift).
  if (pending || profile.isPending)
    return <Spinner label="プロフィールを読み込み中…" className="min-h-[100svh]" />;
  if (profile.isError) {
    return (
      <Page title="プロフィール">
        <ErrorState
          message={errorMessage(profile.error, 'プロフィールを読み込めませんでした')}
          onRetry={() => void profile.refetch()}
        />
      </Page>
    );
  }
  if (!profile.data) return <UserNotFound />;
  return <PublicProfile profile={profile.data} />;
}
