import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

/**
 * Not guarded (docs/teams.md): it only says the team exists and links to it; opened without an id
 * (a bookmark, say) it still offers the list and creating a team.
 */
export default function TeamCreateCompletePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Page title="チームを作成しました" narrow>
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
        <p className="font-semibold">チームページを公開しました。</p>
        <p className="mt-1 text-sm">
          参加リクエストが届くと通知でお知らせします。チームページから承認・却下ができます。
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {id ? (
          <Link to={`/teams/${encodeURIComponent(id)}`} className={buttonClass('primary')}>
            作成したチームを見る
          </Link>
        ) : null}
        <Link to="/create-event" className={buttonClass('secondary')}>
          チームのイベントを作成する
        </Link>
        <Link to="/teams" className={buttonClass('ghost')}>
          チーム一覧へ
        </Link>
      </div>
    </Page>
  );
}
