import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DetailCard } from '@/components/ui/detail';
import { controlClass } from '@/components/ui/form-field';
import { LoadError } from '@/components/ui/load-error';
import { ActionError } from '@/components/flows/standing-notice';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import { checkInPhase, checkInWindow, resolveScan, scanMessage } from '@/domain/check-in';
import type { SportEvent } from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { formatTime } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { checkInQueries, useReceptionMutations } from './checkin-queries';
import { Scanner } from './scanner';

interface ScanLine {
  id: number;
  text: string;
  ok: boolean;
}

/**
 * The organizer's 受付 (docs/fees.md "Check-in"): who is checked in, the camera, a list that
 * filters by name as one types, undo and re-issuing a code. Check-ins are written from an hour
 * before the start until the end; after the end the list stays, read only.
 */
export function ReceptionPanel({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const reception = useQuery(checkInQueries.reception(event.id, backend));
  const people = useQuery({
    ...checkInQueries.people(event.id, event.participants, backend),
    enabled: event.participants.length > 0,
  });
  const { checkIn, undo, reissue, refresh } = useReceptionMutations(event.id);
  const [scanning, setScanning] = useState(false);
  const [filter, setFilter] = useState('');
  const [lines, setLines] = useState<ScanLine[]>([]);
  const [rowError, setRowError] = useState<{ uid: string; error: unknown } | null>(null);
  // Checked in by this screen and not yet in the reception read back: a second scan of the same
  // code says 受付済み at once.
  const pending = useRef(new Set<string>());
  const lineId = useRef(0);

  const phase = checkInPhase(event, new Date());
  const { opens } = checkInWindow(event);
  const names = new Map((people.data ?? []).map((p) => [p.id, p]));
  const nameOf = useCallback(
    (uid: string) => names.get(uid)?.displayName || 'ユーザー',
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [people.data],
  );

  const say = (text: string, ok: boolean) =>
    setLines((prev) => [{ id: ++lineId.current, text, ok }, ...prev].slice(0, 5));

  const onCode = async (text: string) => {
    let data = reception.data;
    const checkedIn = new Set([...Object.keys(data?.checkIns ?? {}), ...pending.current]);
    const input = () => ({
      text,
      eventId: event.id,
      tokens: new Map(Object.entries(data?.tokens ?? {})),
      participants: event.participants,
      checkedIn,
    });
    let result = resolveScan(input());
    if (result.kind === 'unknown') {
      // A code made after this screen read the tokens: read them once more.
      data = (await reception.refetch()).data;
      result = resolveScan(input());
    }
    say(scanMessage(result, nameOf), result.kind === 'ok');
    if (result.kind !== 'ok') return;
    pending.current.add(result.userId);
    try {
      await checkIn.mutateAsync(result.userId);
    } catch (e) {
      pending.current.delete(result.userId);
      say(`${nameOf(result.userId)}さん：${errorMessage(e)}`, false);
    }
  };

  const toggle = async (uid: string, checked: boolean) => {
    setRowError(null);
    try {
      if (checked) {
        pending.current.delete(uid);
        await undo.mutateAsync(uid);
        toast({ title: `${nameOf(uid)}さんの受付を取り消しました`, variant: 'success' });
      } else {
        await checkIn.mutateAsync(uid);
        toast({ title: `${nameOf(uid)}さんを受付しました`, variant: 'success' });
      }
    } catch (e) {
      setRowError({ uid, error: e });
    }
  };

  const renew = async (uid: string) => {
    setRowError(null);
    try {
      await reissue.mutateAsync(uid);
      toast({ title: `${nameOf(uid)}さんの受付コードを再発行しました`, variant: 'success' });
    } catch (e) {
      setRowError({ uid, error: e });
    }
  };

  const open = phase === 'open';
  let body;
  if (event.participants.length === 0) {
    body = <p className="text-sm text-slate-500">参加者はいません。</p>;
  } else if (reception.isPending || people.isPending) {
    body = <Spinner className="py-6" label="受付を読み込み中…" />;
  } else if (reception.isError || people.isError) {
    body = (
      <LoadError
        message="受付を読み込めませんでした"
        busy={reception.isFetching || people.isFetching}
        onRetry={() => void refresh()}
      />
    );
  } else {
    const checkIns = reception.data.checkIns;
    const shown = event.participants.filter((uid) =>
      nameOf(uid).toLowerCase().includes(filter.trim().toLowerCase()),
    );
    const count = event.participants.filter((uid) => uid in checkIns).length;
    body = (
      <>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          受付済み {count} / {event.participants.length}人
        </p>
        {open ? (
          <Button className="mt-3 min-h-12 w-full" onClick={() => setScanning(true)}>
            カメラで受付
          </Button>
        ) : null}
        <label className="mt-3 block text-sm font-medium text-slate-800">
          名前で探す
          <input
            type="search"
            className={`${controlClass} mt-1 min-h-11`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="例：佐藤"
          />
        </label>
        <ul className="mt-2 divide-y divide-slate-200" aria-label="受付の名簿">
          {shown.map((uid) => {
            const checked = uid in checkIns;
            const busy =
              (checkIn.isPending && checkIn.variables === uid) ||
              (undo.isPending && undo.variables === uid);
            return (
              <li key={uid} className="py-2" aria-label={nameOf(uid)}>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <span className="flex min-w-0 items-center gap-2">
                    <Avatar
                      name={nameOf(uid)}
                      photoURL={names.get(uid)?.photoURL ?? ''}
                      size={32}
                    />
                    <span className="truncate text-sm font-semibold text-slate-900">
                      {nameOf(uid)}
                    </span>
                    {checked ? (
                      <span className="shrink-0 whitespace-nowrap">
                        <StatusPill tone="green">受付済み</StatusPill>
                      </span>
                    ) : null}
                  </span>
                  {open ? (
                    <span className="flex shrink-0 gap-1">
                      <Button
                        variant={checked ? 'ghost' : 'primary'}
                        className="min-h-11"
                        busy={busy}
                        busyLabel="保存中…"
                        onClick={() => void toggle(uid, checked)}
                      >
                        {checked ? '取り消す' : '受付する'}
                      </Button>
                      <Button
                        variant="ghost"
                        className="min-h-11"
                        aria-label={`${nameOf(uid)}さんの受付コードを再発行`}
                        onClick={() => void renew(uid)}
                      >
                        再発行
                      </Button>
                    </span>
                  ) : null}
                </div>
                {rowError?.uid === uid ? (
                  <ActionError error={rowError.error} className="mt-2" />
                ) : null}
              </li>
            );
          })}
          {shown.length === 0 ? (
            <li className="py-3 text-sm text-slate-500">該当する参加者はいません。</li>
          ) : null}
        </ul>
      </>
    );
  }

  return (
    <DetailCard title="受付" labelledBy="reception-heading">
      <p className="mb-3 text-sm text-slate-600">
        {phase === 'before'
          ? `受付は開始1時間前（${formatTime(opens)}）からです。`
          : phase === 'after'
            ? '受付の時間は終わりました。受付した参加者は出欠の記録で「出席」になります。'
            : '参加者の受付コードをカメラで読み取るか、名簿から受付します。'}
      </p>
      {body}
      {scanning ? (
        <Scanner onCode={(t) => void onCode(t)} onClose={() => setScanning(false)}>
          <ul aria-label="読み取り結果" aria-live="assertive" className="space-y-1 px-4 py-3">
            {lines.length === 0 ? (
              <li className="text-base text-slate-200">コードを枠の中に映してください</li>
            ) : (
              lines.map((l, i) => (
                <li
                  key={l.id}
                  className={`rounded-md px-3 py-2 font-semibold ${
                    i === 0 ? 'text-lg' : 'text-sm opacity-70'
                  } ${l.ok ? 'bg-emerald-700' : 'bg-red-700'}`}
                >
                  {l.text}
                </li>
              ))
            )}
          </ul>
        </Scanner>
      ) : null}
    </DetailCard>
  );
}
