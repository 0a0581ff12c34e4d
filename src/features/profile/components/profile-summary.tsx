import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatusPill } from '@/components/ui/status-pill';
import type { UserProfile } from '@/domain/entities/user';
import { errorMessage } from '@/domain/errors';
import { formatLongDate } from '@/domain/format';
import { participationLabel } from '@/domain/participation-history';
import { Avatar } from '@/components/ui/avatar';
import { attendanceQueries } from '@/features/attendance/public';
import { useCurrentUser } from '@/features/auth/public';
import { reliabilityText } from '@/domain/entities/attendance';
import { useBackend } from '@/lib/backend-context';
import { InlineRetry } from './inline-retry';
import { LinkedText } from '@/components/ui/linked-text';

export interface ProfileFact {
  label: string;
  value: ReactNode;
}

/**
 * The head of a profile: photo (or the initial), name, bio and a list of facts, with the
 * participation count and its label. `actions` sits beside the name (edit for the owner; the
 * messages feature adds 「メッセージを送る」 for others through ProfileActions).
 */
export function ProfileSummary({
  profile,
  facts,
  actions,
  follow,
}: {
  profile: UserProfile;
  facts: ProfileFact[];
  actions?: ReactNode;
  /** フォローする and the follower count, loaded after the page: its row is kept open meanwhile. */
  follow?: ReactNode;
}) {
  const name = profile.displayName || 'ユーザー';
  return (
    <section
      aria-label="プロフィール"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Avatar name={name} photoURL={profile.photoURL} size={96} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">
                {name}
              </h1>
              <ParticipationSummary uid={profile.id} />
            </div>
            {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
          </div>
          {follow ? <div className="mt-3 min-h-10">{follow}</div> : null}
          {profile.bio ? (
            <p className="mt-4 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">
              <LinkedText text={profile.bio} />
            </p>
          ) : (
            <p className="mt-4 text-sm text-slate-500">自己紹介はまだありません。</p>
          )}
        </div>
      </div>
      <dl className="mt-5 grid gap-x-6 border-t border-slate-100 pt-4 sm:grid-cols-2">
        {facts.map((fact) => (
          <div
            key={fact.label}
            className="grid grid-cols-[6.5rem_1fr] gap-3 border-b border-slate-100 py-2.5"
          >
            <dt className="text-sm font-semibold text-slate-500">{fact.label}</dt>
            <dd className="min-w-0 text-sm break-words text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The participation count of the profile's user with its label and their reliability record
 * (counts only), or why they are missing.
 */
function ParticipationSummary({ uid }: { uid: string }) {
  const backend = useBackend();
  const own = useCurrentUser()?.uid === uid;
  const record = useQuery(attendanceQueries.record(uid, own, backend));
  if (record.isPending) {
    // As tall as the count it waits for (a large number, and on a phone the record on a line of
    // its own), so the bio and the facts below do not move when it comes.
    return (
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500" role="status">
        <span>
          参加回数を読み込み中…<span className="invisible text-lg">0</span>
        </span>
        <span className="invisible basis-full sm:basis-auto" aria-hidden="true">
          参加記録
        </span>
      </p>
    );
  }
  if (record.isError) {
    return (
      <InlineRetry
        className="mt-2"
        message={errorMessage(record.error, '参加回数を読み込めませんでした')}
        onRetry={() => void record.refetch()}
      />
    );
  }
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span>
        参加回数 <span className="text-lg font-bold text-slate-900">{record.data.count}</span>回
      </span>
      <StatusPill tone="brand">{participationLabel(record.data.count)}</StatusPill>
      <span className="basis-full text-sm text-slate-700 sm:basis-auto" aria-label="参加記録">
        参加記録：{reliabilityText(record.data.reliability)}
      </span>
    </p>
  );
}

/** When the account was made, with the 15 Aug 2023 fallback already applied by the schema. */
export function memberSince(profile: Pick<UserProfile, 'createdAt'>): string {
  return `${formatLongDate(profile.createdAt)}から`;
}
