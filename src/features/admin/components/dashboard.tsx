import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/page';
import type { StaffDashboard } from '@/data/ports/staff';
import { NEW_USERS_WINDOW_DAYS } from '@/domain/constants';
import { errorMessage } from '@/domain/errors';
import { useBackend } from '@/lib/backend-context';
import { staffQueries } from '../staff-queries';

const CARDS: { key: keyof StaffDashboard; label: string; alert?: boolean }[] = [
  { key: 'users', label: '登録ユーザー' },
  { key: 'newUsers', label: `新規ユーザー（${NEW_USERS_WINDOW_DAYS}日間）` },
  { key: 'openEvents', label: '募集中のイベント' },
  { key: 'pendingRequests', label: '承認待ちの参加リクエスト' },
  { key: 'openReports', label: '未対応の通報', alert: true },
];

/** The five counts at the top of /admin. */
export function Dashboard() {
  const backend = useBackend();
  const query = useQuery(staffQueries.dashboard(backend));
  if (query.isError) {
    return (
      <ErrorState
        message={errorMessage(query.error, '集計を読み込めませんでした')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <section aria-label="概要" aria-busy={query.isPending || undefined}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {CARDS.map(({ key, label, alert }) => {
          const value = query.data?.[key];
          const highlight = alert && value !== undefined && value > 0;
          return (
            <div
              key={key}
              className={`rounded-lg border p-4 ${highlight ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'}`}
            >
              <dt className="text-xs font-semibold text-slate-600">{label}</dt>
              <dd
                className={`mt-1 text-2xl font-bold tabular-nums ${highlight ? 'text-red-700' : 'text-slate-900'}`}
              >
                {value === undefined ? (
                  <span
                    aria-label="読み込み中"
                    className="inline-block h-7 w-12 animate-pulse rounded bg-slate-100 align-middle"
                  />
                ) : (
                  value.toLocaleString('ja-JP')
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
