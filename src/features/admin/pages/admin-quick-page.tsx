import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { UserProfile } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { formatSlashDate, formatTime } from '@/domain/format';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { SearchForm } from '../components/search-form';
import { BackToAdmin, StaffGate, type Staff } from '../components/staff-gate';
import { StandingAction } from '../components/standing-action';
import { RoleBadge, StandingBadge } from '../components/users-tab';
import { staffQueries } from '../staff-queries';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-b-0">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-right text-sm break-all text-slate-900">{children}</dd>
    </div>
  );
}

function Activity({ uid }: { uid: string }) {
  const backend = useBackend();
  const query = useQuery(staffQueries.activity(uid, backend));
  if (query.isPending) return <Spinner label="活動状況を読み込み中…" className="py-6" />;
  if (query.isError) {
    return (
      <ErrorState
        message={errorMessage(query.error, '活動状況を読み込めませんでした')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const a = query.data;
  const items: [string, number][] = [
    ['主催したイベント', a.organizedEvents],
    ['参加したイベント', a.joinedEvents],
    ['この人への未対応の通報', a.openReportsAbout],
    ['この人が送った通報', a.reportsFiled],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UserCard({ staff, user }: { staff: Staff; user: UserProfile }) {
  const name = user.displayName || '（名前未設定）';
  return (
    <article
      aria-label={`${name}さんの情報`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <Avatar name={name} photoURL={user.photoURL} size={56} />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-slate-900">{name}</h2>
          <div className="mt-1 flex flex-wrap gap-2">
            <RoleBadge role={user.role} />
            <StandingBadge active={user.isActive} />
          </div>
        </div>
      </div>
      <dl className="mt-4">
        <Fact label="ユーザーID">
          <span className="font-mono">{user.customUserId}</span>
        </Fact>
        <Fact label="メールアドレス">{user.email || '—'}</Fact>
        <Fact label="登録日">{formatSlashDate(user.createdAt)}</Fact>
        <Fact label="最終ログイン">
          {user.lastLoginAt
            ? `${formatSlashDate(user.lastLoginAt)} ${formatTime(user.lastLoginAt)}`
            : '記録なし'}
        </Fact>
        <Fact label="地域">{user.location || '—'}</Fact>
      </dl>
      {user.bio ? (
        <p className="mt-3 text-sm break-words whitespace-pre-wrap text-slate-700">{user.bio}</p>
      ) : null}
      <h3 className="mt-5 mb-2 text-sm font-bold text-slate-700">活動状況</h3>
      <Activity uid={user.id} />
      <div className="mt-5 flex flex-wrap gap-2">
        <StandingAction staff={staff} user={user} />
        <Link
          to={`/profile/${encodeURIComponent(user.id)}`}
          className="inline-flex min-h-10 items-center rounded-md px-4 text-sm font-semibold text-brand-700 hover:bg-slate-50"
        >
          公開プロフィールを見る
        </Link>
      </div>
    </article>
  );
}

function Lookup({ staff, id }: { staff: Staff; id: string }) {
  const backend = useBackend();
  const query = useQuery(staffQueries.userByCustomId(id, backend));
  if (query.isPending) return <Spinner label="ユーザーを探しています…" />;
  if (query.isError) {
    return (
      <ErrorState
        message={errorMessage(query.error, 'ユーザーを読み込めませんでした')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) {
    return (
      <EmptyState title={`ユーザーID「${id}」のユーザーは見つかりません`}>
        IDは「user_」に続く8文字です。大文字と小文字も区別されます。
      </EmptyState>
    );
  }
  return <UserCard staff={staff} user={query.data} />;
}

function QuickArea({ staff }: { staff: Staff }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  return (
    <Page title="管理クイック操作" narrow>
      <SearchForm
        key={id}
        label="ユーザーID"
        hint="プロフィールや通報に出てくる「user_」から始まるIDを入力してください。"
        initial={id}
        onSearch={(text) => setParams(text ? { id: text } : {}, { replace: true })}
      />
      {id ? (
        <Lookup staff={staff} id={id} />
      ) : (
        <p className="text-sm text-slate-600">
          ユーザーを探すと、プロフィール・活動状況・利用停止の操作を1画面で確認できます。
        </p>
      )}
      <BackToAdmin />
    </Page>
  );
}

export default function AdminQuickPage() {
  return <StaffGate title="管理クイック操作">{(staff) => <QuickArea staff={staff} />}</StaffGate>;
}
