import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { formatSlashDate, formatTime } from '@/domain/format';
import type { UserProfile } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { ROLE_LABELS } from '@/domain/rules/staff';
import { Avatar } from '@/features/auth/user-menu';
import { useBackend } from '@/lib/backend-context';
import { staffQueries } from '../staff-queries';
import { ListFooter } from './list-footer';
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
  const users = query.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (query.isPending) body = <Spinner label="ユーザーを読み込み中…" />;
  else if (query.isError && users.length === 0) {
    body = (
      <ErrorState
        message={errorMessage(query.error, 'ユーザーを読み込めませんでした')}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (users.length === 0) {
    body = (
      <EmptyState
        title={search ? `「${search}」に一致するユーザーはいません` : 'ユーザーはいません'}
      >
        {search ? '表示名は先頭の文字から、ユーザーIDは「user_」から入力してください。' : null}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {users.map((u) => (
            <UserRow key={u.id} staff={staff} user={u} />
          ))}
        </ul>
        <ListFooter
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          nextPageError={query.isFetchNextPageError ? query.error : null}
          fetchNextPage={() => void query.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <section aria-label="ユーザー">
      <SearchForm
        key={search}
        label="ユーザーを検索"
        hint="表示名の先頭の文字、または「user_」から始まるユーザーIDで探せます。空欄で検索すると新しく登録した順に表示します。"
        initial={search}
        onSearch={onSearch}
      />
      {body}
    </section>
  );
}
