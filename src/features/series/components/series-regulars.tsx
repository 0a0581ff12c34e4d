import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SkipDateDialog } from '@/components/flows/skip-date-dialog';
import { ActionError, StandingNotice } from '@/components/flows/standing-notice';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DetailCard } from '@/components/ui/detail';
import { ErrorState } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { SportEvent } from '@/domain/entities/event';
import type { Series } from '@/domain/entities/series-doc';
import type { SeriesRegular } from '@/domain/entities/series-regular';
import { isAlreadyDone } from '@/domain/errors';
import { formatLongDateWithWeekday } from '@/domain/format';
import { useCurrentUser, useWriteRefusal } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { seriesQueries, useRegularAction, type RegularAction } from '../series-queries';

type Confirm =
  | { kind: 'leave' }
  | { kind: 'remove'; regular: SeriesRegular }
  | { kind: 'skip'; date: SportEvent };

/**
 * The series page's regulars (docs/series.md "Regulars"): who they are, becoming one or leaving,
 * 「今回はお休み」 on a date one is on, and the organizer's acceptance and removal.
 */
export function SeriesRegulars({ series, upcoming }: { series: Series; upcoming: SportEvent[] }) {
  const backend = useBackend();
  const user = useCurrentUser();
  const location = useLocation();
  const refusal = useWriteRefusal('verified');
  const regulars = useQuery(seriesQueries.regulars(series.id, backend));
  const action = useRegularAction(series.id);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const uid = user?.uid ?? null;
  const isOrganizer = uid !== null && uid === series.organizerId;
  const mine = regulars.data?.find((r) => r.userId === uid) ?? null;
  const approval = series.entryMethod !== 'firstCome';
  const busy = action.isPending;

  const run = (a: RegularAction) =>
    action.mutateAsync(a).then(
      () => setConfirm(null),
      () => setConfirm(null),
    );

  const myDates = mine
    ? upcoming.filter(
        (d) =>
          d.status === 'open' &&
          (d.participants.includes(mine.userId) || d.waitlist.includes(mine.userId)),
      )
    : [];

  return (
    <DetailCard title="レギュラー" labelledBy="series-regulars-heading">
      <p className="text-sm text-slate-600">
        {approval
          ? 'レギュラーになると、主催者の承認後、これからの日程に自動で参加します。'
          : 'レギュラーになると、これからの日程に自動で参加します。'}
        定員を超えた日はキャンセル待ちに登録します。
      </p>

      <div className="mt-3 space-y-3" data-testid="series-regular-actions">
        {!user ? (
          <Link
            to={`/login?returnUrl=${encodeURIComponent(location.pathname)}`}
            className={buttonClass('primary', 'w-full sm:w-auto')}
          >
            ログインしてレギュラーになる
          </Link>
        ) : isOrganizer || regulars.isPending || regulars.isError ? null : mine ? (
          <>
            <p className="text-sm font-semibold text-slate-900" role="status">
              {mine.status === 'accepted'
                ? 'あなたはこの定期開催のレギュラーです'
                : 'レギュラーの申し込みは主催者の承認待ちです'}
            </p>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => setConfirm({ kind: 'leave' })}
            >
              レギュラーをやめる
            </Button>
          </>
        ) : series.status !== 'active' ? (
          <p className="text-sm text-slate-600">この定期開催は終了しています</p>
        ) : refusal ? (
          <StandingNotice refusal={refusal} action="レギュラーになる" />
        ) : (
          <Button disabled={busy} onClick={() => void run({ kind: 'join' })}>
            {busy ? '登録しています…' : 'レギュラーになる'}
          </Button>
        )}
        <ActionError error={isAlreadyDone(action.error) ? null : action.error} />
      </div>

      {myDates.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-bold text-slate-900">あなたの参加予定</h3>
          <ul className="mt-1 divide-y divide-slate-100" data-testid="series-my-dates">
            {myDates.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span>
                  {formatLongDateWithWeekday(d.date)} {d.startTime}
                  {d.waitlist.includes(mine!.userId) ? (
                    <span className="ml-2 rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-800">
                      キャンセル待ち
                    </span>
                  ) : null}
                </span>
                <Button
                  variant="ghost"
                  disabled={busy}
                  onClick={() => setConfirm({ kind: 'skip', date: d })}
                  aria-label={`${formatLongDateWithWeekday(d.date)}は今回はお休み`}
                >
                  今回はお休み
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="mt-4">
        <h3 className="text-sm font-bold text-slate-900">レギュラー一覧</h3>
        {regulars.isPending ? (
          <Spinner />
        ) : regulars.isError ? (
          <ErrorState
            message="レギュラーを読み込めませんでした"
            onRetry={() => void regulars.refetch()}
          />
        ) : regulars.data.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">まだレギュラーはいません</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100" data-testid="series-regulars">
            {regulars.data.map((r) => (
              <li
                key={r.userId}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span className="flex items-center gap-2">
                  <Link
                    to={`/profile/${encodeURIComponent(r.userId)}`}
                    className="font-medium text-slate-900 underline-offset-2 hover:underline"
                  >
                    {r.userName || 'ユーザー'}
                  </Link>
                  {r.status === 'pending' ? (
                    <span className="rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-800">
                      承認待ち
                    </span>
                  ) : null}
                </span>
                {isOrganizer ? (
                  <span className="flex gap-2">
                    {r.status === 'pending' && series.status === 'active' ? (
                      <Button
                        disabled={busy}
                        onClick={() => void run({ kind: 'accept', uid: r.userId })}
                      >
                        承認する
                      </Button>
                    ) : null}
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => setConfirm({ kind: 'remove', regular: r })}
                    >
                      外す
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={confirm?.kind === 'leave'}
        title="レギュラーをやめますか？"
        confirmLabel="レギュラーをやめる"
        danger
        busy={busy}
        onConfirm={() => void run({ kind: 'leave' })}
        onCancel={() => setConfirm(null)}
      >
        これからできる日程には自動で入らなくなります。すでに参加している日程はそのまま残ります（各日程のページから参加をやめられます）。
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm?.kind === 'remove'}
        title="レギュラーから外しますか？"
        confirmLabel="外す"
        danger
        busy={busy}
        onConfirm={() =>
          confirm?.kind === 'remove' && void run({ kind: 'remove', uid: confirm.regular.userId })
        }
        onCancel={() => setConfirm(null)}
      >
        {confirm?.kind === 'remove' ? `${confirm.regular.userName || 'この方'}さんは` : ''}
        これからできる日程に自動で入らなくなります。すでに参加している日程はそのまま残ります。
      </ConfirmDialog>
      <SkipDateDialog
        date={confirm?.kind === 'skip' ? confirm.date.date : null}
        busy={busy}
        onConfirm={() =>
          confirm?.kind === 'skip' && void run({ kind: 'skip', eventId: confirm.date.id })
        }
        onCancel={() => setConfirm(null)}
      />
    </DetailCard>
  );
}
