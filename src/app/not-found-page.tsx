import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

export default function NotFoundPage() {
  return (
    <Page title="ページが見つかりません" narrow>
      <p className="text-slate-600">
        お探しのページは移動または削除されたか、URLが間違っている可能性があります。
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass('primary')}>
          ホームへ戻る
        </Link>
        <Link to="/events" className={buttonClass('secondary')}>
          イベントを探す
        </Link>
      </div>
    </Page>
  );
}
