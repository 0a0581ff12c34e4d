import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { EmptyState, Page } from '@/components/ui/page';

/**
 * Where a creation flow lands (`…/complete?id=…`). Without an id nothing was just created (a
 * bookmark, a link someone shared, a typed address), so the page does not say 作成しました: it
 * says how to create one and offers the list instead.
 */
export function CreationComplete({
  noun,
  detailBase,
  createPath,
  next,
  listPath,
}: {
  /** What was created: イベント, チーム. */
  noun: string;
  /** The created thing's page is `${detailBase}/${id}`. */
  detailBase: string;
  createPath: string;
  /** The secondary link after a creation: what to do next (e.g. 続けてイベントを作成する). */
  next: { to: string; label: string };
  listPath: string;
}) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const listLink = (
    <Link to={listPath} className={buttonClass('ghost')}>
      {noun}一覧へ
    </Link>
  );
  if (!id) {
    return (
      <Page title={`${noun}の作成`} narrow>
        <EmptyState title={`作成したばかりの${noun}はありません`}>
          <p>
            {noun}を作成すると、このページから作成した{noun}を開けます。
          </p>
        </EmptyState>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Link to={createPath} className={buttonClass('primary')}>
            {noun}を作成する
          </Link>
          {listLink}
        </div>
      </Page>
    );
  }
  return (
    <Page title={`${noun}を作成しました`} narrow>
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-5 text-emerald-900">
        <p className="font-semibold">{noun}ページを公開しました。</p>
        <p className="mt-1 text-sm">
          参加リクエストが届くと通知でお知らせします。{noun}ページから承認・却下ができます。
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to={`${detailBase}/${encodeURIComponent(id)}`} className={buttonClass('primary')}>
          作成した{noun}を見る
        </Link>
        <Link to={next.to} className={buttonClass('secondary')}>
          {next.label}
        </Link>
        {listLink}
      </div>
    </Page>
  );
}
