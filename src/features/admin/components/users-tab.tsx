import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/page';
import { formatSlashDate, formatTime } from '@/domain/format';
import type { UserProfile } from '@/domain/entities/user';
import { ROLE_LABELS } from '@/domain/rules/staff';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { staffQueries } from '../staff-queries';
import { PagedList } from './paged-list';
import { RoleControl } from './role-control';
import { SearchForm } from './search-form';
import type { Staff } from './staff-gate';
import { StandingAction } from './standing-action';

export function RoleBadge({ role }: { role: UserProfile['role'] }) {
  const style =
    role === 'admin'
      ? 'bg-purple-100 text-purple-800'
      : role === 'moderator'
        ? 'bg-sky-100 text-sky-800'
        : 'bg-slate-100 text-slate-700';
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${style}`}>
      {ROLE_LABELS[role]}
    </span>
  );
}

export function StandingBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
      利用中
    </span>
  ) : (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
      利用停止中
    </span>
  );
}

function dateTime(d: Date | null): string {
  return d ? `${formatSlashDate(d)} ${formatTime(d)}` : '記録なし';
}

function UserRow({ staff, user }: { staff: Staff; user: UserProfile }) {
  const name = user.displayName || '（名前未設定）';
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={name} photoURL={user.photoURL} size={40} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to={`/profile/${encodeURIComponent(user.id)}`}
              className="truncate font-semibold text-slate-900 hover:underline"
            >
              {name}
            </Link>
            <RoleBadge role={user.role} />
            <StandingBadge active={user.isActive} />
          </div>
          <p className="mt-0.5 text-xs text-slate-500">
            <Link
              to={`/admin-quick?id=${encodeURIComponent(user.customUserId)}`}
              className="font-mono hover:underline"
            >
              {user.customUserId || 'ID未設定'}
            </Link>
            <span className="mx-2" aria-hidden="true">
              ・
            </span>
            登録 {formatSlashDate(user.createdAt)}
            <span className="mx-2" aria-hidden="true">
              ・
            </span>
            最終ログイン {dateTime(user.lastLoginAt)}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <RoleControl staff={staff} user={user} />
        <StandingAction staff={staff} user={user} />
      </div>
    </li>
  );
}

/** Users by display-name or customUserId prefix, newest accounts first without a query. */
export function UsersTab({
  staff,
  search,
  onSearch,
}: {
  staff: Staff;
  search: string;
  onSearch: (text: string) => void;
}) {
  const backend = useBackend();
  const query = useInfiniteQuery(staffQueries.users(search, backend));

  return (
    <section aria-label="ユーザー">
      <SearchForm
        key={search}
        label="ユーザーを検索"
        hint="表示名の先頭の文字、または「user_」から始まるユーザーIDで探せます。空欄で検索すると新しく登録した順に表示します。"
        initial={search}
        onSearch={onSearch}
      />
      <PagedList
        query={query}
        loadingLabel="ユーザーを読み込み中…"
        errorText="ユーザーを読み込めませんでした"
        empty={
          <EmptyState
            title={search ? `「${search}」に一致するユーザーはいません` : 'ユーザーはいません'}
          >
            {search ? '表示名は先頭の文字から、ユーザーIDは「user_」から入力してください。' : null}
          </EmptyState>
        }
      >
        {(users) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {users.map((u) => (
              <UserRow key={u.id} staff={staff} user={u} />
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
