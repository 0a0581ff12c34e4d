import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DetailCard } from '@/components/ui/detail';
import { controlClass } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { ActionError } from '@/components/flows/standing-notice';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import { FEE_AMOUNT_MAX, FEE_NOTE_MAX } from '@/domain/constants';
import { ATTENDANCE_LABELS } from '@/domain/entities/attendance';
import type { SportEvent } from '@/domain/entities/event';
import {
  FEE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  feeSummary,
  type FeeLine,
  type PaymentMethod,
} from '@/domain/fees';
import { attendancePhase } from '@/domain/rules/attendance';
import { attendanceQueries } from '@/features/attendance/public';
import { checkInQueries } from '@/features/checkin/public';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { downloadFeeCsv } from './fee-csv';
import { useFeeRosterMutations } from './fee-mutations';
import { feeQueries } from './fee-queries';
import { yen } from './yen';

const TONES = { unpaid: 'amber', declared: 'brand', confirmed: 'green' } as const;

/**
 * The organizer's fee roster (docs/fees.md): 集金予定, 集金済み and 未収 with the names still
 * owing, each participant's status, confirming a declaration or cash handed over (with another
 * amount and a note when needed), putting someone back to 未払い, and the CSV for Excel.
 */
export function FeeRoster({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const records = useQuery(feeQueries.forEvent(event.id, backend));
  const people = useQuery({
    ...feeQueries.people(event.id, event.participants, backend),
    enabled: event.participants.length > 0,
  });
  const phase = attendancePhase(event, new Date());
  const ended = phase === 'open' || phase === 'closed';
  const marks = useQuery({ ...attendanceQueries.forEvent(event.id, backend), enabled: ended });
  const reception = useQuery(checkInQueries.reception(event.id, backend));
  const checkedIn = (uid: string) => !!reception.data && uid in reception.data.checkIns;

  let body;
  if (event.participants.length === 0) {
    body = <p className="text-sm text-slate-500">参加者はいません。</p>;
  } else if (records.isPending || people.isPending) {
    body = <Spinner className="py-6" label="参加費を読み込み中…" />;
  } else if (records.isError || people.isError) {
    body = (
      <LoadError
        message="参加費を読み込めませんでした"
        busy={records.isFetching || people.isFetching}
        onRetry={() => {
          void records.refetch();
          void people.refetch();
        }}
      />
    );
  } else {
    const names = new Map(people.data.map((p) => [p.id, p]));
    const nameOf = (uid: string) => names.get(uid)?.displayName || 'ユーザー';
    const summary = feeSummary(event, records.data);
    const attendanceOf = (uid: string) => {
      if (phase === 'cancelled') return '中止';
      if (!ended) return '開催前';
      if (!marks.data) return '';
      return ATTENDANCE_LABELS[marks.data[uid] ?? 'attended'];
    };
    body = (
      <>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            ['集金予定', summary.expected],
            ['集金済み', summary.collected],
            ['未収', summary.outstanding],
          ].map(([label, value]) => (
            <div key={label} className="rounded-md bg-slate-50 px-2 py-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="mt-1 text-base font-bold text-slate-900 tabular-nums">
                {yen(value as number)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          {summary.owing.length > 0
            ? `未収の方（${summary.owing.length}人）：${summary.owing.map(nameOf).join('、')}`
            : '全員の支払いを確認しました。'}
        </p>
        <div className="mt-3">
          <Button
            variant="secondary"
            disabled={(ended && marks.isPending) || reception.isPending}
            onClick={() =>
              void downloadFeeCsv(event.title, summary, nameOf, attendanceOf, checkedIn)
            }
          >
            CSVを書き出す
          </Button>
        </div>
        <ul className="mt-3 divide-y divide-slate-200" aria-label="参加者の支払い状況">
          {summary.lines.map((line) => (
            <FeeRow
              key={line.userId}
              event={event}
              line={line}
              name={nameOf(line.userId)}
              photoURL={names.get(line.userId)?.photoURL ?? ''}
              checkedIn={checkedIn(line.userId)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <DetailCard title="参加費の集金" labelledBy="fee-roster-heading">
      <p className="mb-3 text-sm text-slate-600">
        参加費 {yen(event.fee)}
        。参加者の申告を確認するか、受け取った現金をここで記録します。支払い状況は本人と主催者だけが見られます。
      </p>
      {body}
    </DetailCard>
  );
}

function FeeRow({
  event,
  line,
  name,
  photoURL,
  checkedIn,
}: {
  event: SportEvent;
  line: FeeLine;
  name: string;
  photoURL: string;
  checkedIn: boolean;
}) {
  const { confirm, reset } = useFeeRosterMutations(event.id);
  const [editing, setEditing] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>(line.method ?? 'cash');
  const [amount, setAmount] = useState(String(line.amount ?? event.fee));
  const [note, setNote] = useState(line.note);
  const [error, setError] = useState<unknown>(null);
  const busy =
    (confirm.isPending && confirm.variables?.userId === line.userId) ||
    (reset.isPending && reset.variables === line.userId);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await action();
      setEditing(false);
      toast({ title: done, variant: 'success' });
    } catch (e) {
      setError(e);
    }
  };
  const quickConfirm = () =>
    run(
      () =>
        confirm.mutateAsync({
          userId: line.userId,
          input: line.status === 'declared' ? {} : { method: 'cash' },
        }),
      `${name}さんの支払いを確認しました`,
    );
  const save = () =>
    run(
      () =>
        confirm.mutateAsync({
          userId: line.userId,
          input: { method, amount: amount.trim() === '' ? NaN : Number(amount), note },
        }),
      `${name}さんの支払いを記録しました`,
    );
  const undo = () =>
    run(() => reset.mutateAsync(line.userId), `${name}さんを「未払い」に戻しました`);

  const detail = [
    line.method ? PAYMENT_METHOD_LABELS[line.method] : '',
    line.amount !== null ? yen(line.amount) : '',
    line.note,
  ]
    .filter(Boolean)
    .join('・');

  return (
    <li className="py-3" aria-label={name}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-2">
          <Avatar name={name} photoURL={photoURL} size={32} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">
              {name}
              {checkedIn ? <span className="ml-2 text-xs text-emerald-700">受付済み</span> : null}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <StatusPill tone={TONES[line.status]}>{FEE_STATUS_LABELS[line.status]}</StatusPill>
              {detail ? <span className="break-all">{detail}</span> : null}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {line.status === 'confirmed' ? (
            <Button variant="ghost" busy={busy} busyLabel="保存中…" onClick={() => void undo()}>
              未払いに戻す
            </Button>
          ) : (
            <Button busy={busy} busyLabel="保存中…" onClick={() => void quickConfirm()}>
              {line.status === 'declared' ? '確認済みにする' : '現金を受け取った'}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              // Opened on what is stored now, not on what it was when the row first showed.
              setMethod(line.method ?? 'cash');
              setAmount(String(line.amount ?? event.fee));
              setNote(line.note);
              setEditing((v) => !v);
            }}
            aria-expanded={editing}
          >
            金額・メモ
          </Button>
        </div>
      </div>
      {editing ? (
        <form
          className="mt-3 grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-3"
          aria-label={`${name}さんの支払いの記録`}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="text-sm font-medium text-slate-800">
            支払い方法
            <select
              className={`${controlClass} mt-1 min-h-11`}
              value={method}
              onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            受け取った金額（円）
            <input
              className={`${controlClass} mt-1 min-h-11`}
              type="number"
              inputMode="numeric"
              min={0}
              max={FEE_AMOUNT_MAX}
              step={1}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            メモ
            <input
              className={`${controlClass} mt-1 min-h-11`}
              maxLength={FEE_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit" busy={busy} busyLabel="保存中…">
              確認済みとして保存
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              やめる
            </Button>
          </div>
        </form>
      ) : null}
      <ActionError error={error} className="mt-2" />
    </li>
  );
}
