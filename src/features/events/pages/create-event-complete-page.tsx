import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

export default function CreateEventCompletePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Page title="イベントを作成しました" narrow>
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
        <p className="font-semibold">イベントを公開しました。</p>
        <p className="mt-1 text-sm">
          参加リクエストが届くと通知でお知らせします。イベントページから承認・却下ができます。
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {id ? (
          <Link to={`/events/${encodeURIComponent(id)}`} className={buttonClass('primary')}>
            作成したイベントを見る
          </Link>
        ) : null}
        <Link to="/create-event" className={buttonClass('secondary')}>
          続けてイベントを作成する
        </Link>
        <Link to="/events" className={buttonClass('ghost')}>
          イベント一覧へ
        </Link>
      </div>
    </Page>
  );
}
