import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { CoverImage } from '@/components/ui/cover-image';
import { DetailCard as Card, DetailRow as Row } from '@/components/ui/detail';
import { ErrorState, Page, useDocumentTitle } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { isTeamMember, type Team } from '@/domain/entities/team';
import { errorMessage } from '@/domain/errors';
import { formatLongDate } from '@/domain/format';
import { ReportButton } from '@/features/admin/public';
import { useCurrentUser } from '@/features/auth/public';
import { MembersSection } from '../components/members-section';
import { MembershipPanel } from '../components/membership-panel';
import { OwnerRequests } from '../components/owner-requests';
import { RecruitingControl } from '../components/recruiting-control';
import { memberCountText, RecruitingBadge } from '../components/team-badges';
import { TeamEvents } from '../components/team-events';
import { useLiveTeam } from '../use-live-team';
import { LinkedText } from '@/components/ui/linked-text';

// Loaded after the page is shown (docs/follows.md): the page's own JavaScript does not carry it.
const FollowButton = lazy(() =>
  import('@/features/follows/public').then((m) => m.loadFollowButton()),
);

const BoardPanel = lazy(() => import('@/features/boards/public').then((m) => m.loadBoardPanel()));

export function TeamNotFound() {
  return (
    <Page title="チームが見つかりません" narrow>
      <p className="text-slate-600">
        このチームは削除されたか、URLが間違っている可能性があります。
      </p>
      <Link to="/teams" className={buttonClass('primary', 'mt-6')}>
        チーム一覧へ戻る
      </Link>
    </Page>
  );
}

function TeamDetail({ team }: { team: Team }) {
  useDocumentTitle(team.name);
  const user = useCurrentUser();
  const uid = user?.uid ?? null;
  const isOwner = uid !== null && uid === team.ownerId;
  const member = isTeamMember(team, uid);
  const editPath = `/teams/${encodeURIComponent(team.id)}/edit`;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <Link to="/teams" className="text-sm font-medium text-brand-700 hover:underline">
        ← チーム一覧へ
      </Link>
      {/* One column on a phone (picture, then joining, then the details); two from lg up. */}
      <div className="mt-3 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_auto_auto_auto_1fr]">
        <div className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm lg:col-start-1">
          <CoverImage src={team.imageURL} fallback={team.sportType || 'チーム'} eager />
          <div className="p-4 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <RecruitingBadge team={team} />
              <span className="text-sm font-semibold text-brand-700">{team.sportType}</span>
            </div>
            <h1 className="mt-2 text-2xl font-bold tracking-tight break-words text-slate-900">
              {team.name}
            </h1>
            <p className="mt-2 text-sm text-slate-600">
              {[team.region || '地域指定なし', team.activity].filter(Boolean).join('・')}
            </p>
            <div className="mt-4 min-h-10">
              <Suspense fallback={null}>
                <FollowButton target={{ kind: 'team', id: team.id }} name={team.name} />
              </Suspense>
            </div>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
              {isOwner ? (
                <Link to={editPath} className={buttonClass('secondary')}>
                  編集
                </Link>
              ) : (
                <span />
              )}
              <ReportButton target={{ type: 'team', id: team.id }} ownerId={team.ownerId} />
            </div>
          </div>
        </div>

        <aside
          className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-5 lg:row-start-1"
          aria-label="参加と運営"
        >
          <MembershipPanel team={team} />
          {isOwner && uid ? (
            <>
              <OwnerRequests team={team} />
              <Card title="代表者メニュー" labelledBy="owner-tools-heading">
                <div className="space-y-6">
                  <div>
                    <h3 className="mb-2 text-sm font-bold text-slate-700">メンバーの募集</h3>
                    <RecruitingControl team={team} />
                  </div>
                  <div>
                    <h3 className="mb-2 text-sm font-bold text-slate-700">チーム情報</h3>
                    <p className="text-sm text-slate-600">
                      紹介文・画像・上限人数などを変更できます。
                    </p>
                    <Link to={editPath} className={buttonClass('secondary', 'mt-3 w-full')}>
                      チーム情報を編集
                    </Link>
                  </div>
                </div>
              </Card>
            </>
          ) : null}
        </aside>

        <div className="min-w-0 lg:col-start-1">
          <Card title="チーム情報" labelledBy="team-info-heading">
            <dl>
              <Row label="種目">{team.sportType}</Row>
              <Row label="レベル">{team.level}</Row>
              <Row label="活動地域">{team.region || '指定なし'}</Row>
              <Row label="活動日・頻度">{team.activity || '未定'}</Row>
              <Row label="メンバー">{memberCountText(team)}</Row>
              <Row label="募集状況">
                {team.recruiting ? 'メンバー募集中' : '現在は募集していません'}
              </Row>
              {team.createdAt ? <Row label="作成日">{formatLongDate(team.createdAt)}</Row> : null}
            </dl>
          </Card>
        </div>

        <div className="min-w-0 lg:col-start-1">
          <Card title="紹介文" labelledBy="team-description-heading">
            {team.description ? (
              <p className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
                <LinkedText text={team.description} />
              </p>
            ) : (
              <p className="text-sm text-slate-600">紹介文はまだありません。</p>
            )}
          </Card>
        </div>

        <div className="min-w-0 lg:col-start-1">
          <Card>
            <TeamEvents teamId={team.id} canCreate={member} />
          </Card>
        </div>

        <div className="min-w-0 self-start lg:col-start-1">
          <Card>
            <MembersSection team={team} isOwner={isOwner} />
          </Card>
        </div>

        <div className="min-w-0 self-start lg:col-start-1">
          <Suspense fallback={<Spinner label="チームチャットを読み込み中…" />}>
            <BoardPanel
              board={{ kind: 'team', id: team.id }}
              moderatorId={team.ownerId}
              seats={team.members.join(',')}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}

export default function TeamDetailPage() {
  const { id = '' } = useParams();
  const live = useLiveTeam(id);
  if (live.data === undefined && live.error) {
    return (
      <Page title="チーム詳細">
        <ErrorState
          message={errorMessage(live.error, 'チームを読み込めませんでした')}
          onRetry={live.retry}
        />
      </Page>
    );
  }
  // A screen high, so the footer stays below the fold until the team arrives (no layout shift).
  if (live.data === undefined) {
    return <Spinner label="チームを読み込み中…" className="min-h-[100svh]" />;
  }
  if (!live.data) return <TeamNotFound />;
  return <TeamDetail team={live.data} />;
}
