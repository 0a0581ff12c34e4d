import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/page';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@/domain/entities/audit';
import { ROLES, type Role } from '@/domain/entities/user';
import { formatSlashDate, formatTime } from '@/domain/format';
import { ROLE_LABELS } from '@/domain/rules/staff';
import {
  STAFF_CANCEL_REASON_LABELS,
  STAFF_CANCEL_REASONS,
  type StaffCancelReason,
} from '@/domain/entities/staff-cancel';
import { useBackend } from '@/lib/backend-context';
import { staffQueries } from '../staff-queries';
import { PagedList } from './paged-list';
import { usePeople, type People } from './people';

const roleLabel = (r: string) => (ROLES.includes(r as Role) ? ROLE_LABELS[r as Role] : r);

/** What changed, in words: a role move or a cancellation reason. */
function change(entry: AuditEntry): string | null {
  if (entry.action === 'role_changed' || entry.action === 'admin_initialized') {
    return `${roleLabel(entry.from)} → ${roleLabel(entry.to)}`;
  }
  if (entry.action === 'event_cancelled') {
    const reason = STAFF_CANCEL_REASONS.includes(entry.reason as StaffCancelReason)
      ? STAFF_CANCEL_REASON_LABELS[entry.reason as StaffCancelReason]
      : entry.reason;
    return `理由：${reason}`;
  }
  return null;
}

function targetPath(entry: AuditEntry): string | null {
  const id = encodeURIComponent(entry.targetId);
  if (entry.targetType === 'user') return `/profile/${id}`;
  if (entry.targetType === 'event') return `/events/${id}`;
  return null;
}

function actionLabel(action: string): string {
  return AUDIT_ACTIONS.includes(action as AuditAction)
    ? AUDIT_ACTION_LABELS[action as AuditAction]
    : action;
}

function AuditRow({ entry, people }: { entry: AuditEntry; people: People }) {
  const path = targetPath(entry);
  const detail = change(entry);
  const label = entry.targetLabel || entry.targetId;
  return (
    <li className="grid gap-1 p-4 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <time
        dateTime={entry.createdAt?.toISOString()}
        className="text-xs text-slate-500 sm:pt-0.5 sm:text-sm"
      >
        {formatSlashDate(entry.createdAt)} {formatTime(entry.createdAt)}
      </time>
      <div className="min-w-0 text-sm">
        <p className="text-slate-900">
          <span className="font-semibold">{people.name(entry.actorId)}</span>
          <span className="mx-1.5 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
            {actionLabel(entry.action)}
          </span>
          {path ? (
            <Link to={path} className="break-words hover:underline">
              {label}
            </Link>
          ) : (
            <span className="break-words">{label}</span>
          )}
        </p>
        {detail ? <p className="mt-1 text-slate-700">{detail}</p> : null}
        {entry.note ? (
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-600">メモ：{entry.note}</p>
        ) : null}
      </div>
    </li>
  );
}

/** Every staff action, newest first; nothing here can change an entry. */
export function AuditTab() {
  const backend = useBackend();
  const query = useInfiniteQuery(staffQueries.auditLog(backend));
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  const people = usePeople(entries.map((e) => e.actorId));

  return (
    <section aria-label="監査ログ">
      <p className="mb-4 text-sm text-slate-600">
        役割の変更・利用停止・イベントの中止・通報への対応は、すべてここに記録されます。記録は変更・削除できません。
      </p>
      <PagedList
        query={query}
        loadingLabel="監査ログを読み込み中…"
        errorText="監査ログを読み込めませんでした"
        empty={<EmptyState title="記録された操作はまだありません" />}
      >
        {(items) => (
          <ol
            aria-label="監査ログ"
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {items.map((e) => (
              <AuditRow key={e.id} entry={e} people={people} />
            ))}
          </ol>
        )}
      </PagedList>
    </section>
  );
}
