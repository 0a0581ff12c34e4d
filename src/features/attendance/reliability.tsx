import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/domain/errors';
import { reliabilityText } from '@/domain/entities/attendance';
import { useBackend } from '@/lib/backend-context';
import { attendanceQueries } from './attendance-queries';

/**
 * A person's reliability record (参加 n回・無断欠席 m回, or 記録なし): counts only, never which
 * event. Shown where someone decides about them: the request queue, the waitlist.
 */
export function ReliabilityBadge({ uid, className = '' }: { uid: string; className?: string }) {
  const backend = useBackend();
  const record = useQuery(attendanceQueries.record(uid, false, backend));
  if (record.isPending) {
    return (
      <span className={`text-xs text-slate-500 ${className}`} role="status">
        参加記録を読み込み中…
      </span>
    );
  }
  if (record.isError) {
    return (
      <button
        type="button"
        onClick={() => void record.refetch()}
        className={`text-xs text-red-700 underline ${className}`}
        title={errorMessage(record.error, '参加記録を読み込めませんでした')}
      >
        参加記録を再読み込み
      </button>
    );
  }
  const noShows = record.data.reliability?.noShow ?? 0;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ${noShows > 0 ? 'bg-amber-50 text-amber-900' : 'bg-slate-100 text-slate-700'} ${className}`}
      aria-label={`参加記録: ${reliabilityText(record.data.reliability)}`}
    >
      {reliabilityText(record.data.reliability)}
    </span>
  );
}
