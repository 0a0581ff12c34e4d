import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { isNetworkFailure, isOffline } from './check-in-outbox';
import { checkInQueries, useReceptionMutations } from './checkin-queries';
import { keepShellOffline } from './offline-shell';
import { Scanner } from './scanner';
import { useCheckInOutbox } from './use-check-in-outbox';

interface ScanLine {
  id: number;
  text: string;
  ok: boolean;
}

/**
 * The organizer's 受付 (docs/fees.md "Check-in"): who is checked in, the camera, a list that
 * filters by name as one types, undo and re-issuing a code. Check-ins are written from an hour
 * before the start until the end; after the end the list stays, read only. Without a network a
 * check-in waits in the outbox and is sent when the network returns (docs/fees.md "At the venue
 * without a signal").
 */
export function ReceptionPanel({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const reception = useQuery(checkInQueries.reception(event.id, backend));
  const people = useQuery({
    ...checkInQueries.people(event.id, event.participants, backend),
    enabled: event.participants.length > 0,
  });
  const { checkIn, undo, reissue, refresh } = useReceptionMutations(event.id);
  const outbox = useCheckInOutbox(
    event.id,
    (uid) => backend.checkIn.checkIn(event.id, uid),
    refresh,
  );
  const queued = new Set(outbox.queued.map((q) => q.userId));
  // The app shell stays on this device for the venue (the page opens without a network).
  useEffect(() => keepShellOffline(), []);
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

  /** Checks in now, or into the outbox without a network; says whether it waits. */
  const record = async (uid: string): Promise<'sent' | 'queued'> => {
    if (!isOffline()) {
      try {
        await checkIn.mutateAsync(uid);
        return 'sent';
      } catch (e) {
        if (!isNetworkFailure(e)) throw e;
      }
    }
    await outbox.add(uid);
    return 'queued';
  };

  const onCode = async (text: string) => {
    let data = reception.data;
    const checkedIn = new Set([
      ...Object.keys(data?.checkIns ?? {}),
      ...pending.current,
      ...queued,
    ]);
    const input = () => ({
      text,
      eventId: event.id,
      tokens: new Map(Object.entries(data?.tokens ?? {})),
      participants: event.participants,
      checkedIn,
    });
    let result = resolveScan(input());
    if (result.kind === 'unknown' && !isOffline()) {
      // A code made after this screen read the tokens: read them once more.
      data = (await reception.refetch()).data;
      result = resolveScan(input());
    }
    say(scanMessage(result, nameOf), result.kind === 'ok');
    if (result.kind !== 'ok') return;
    pending.current.add(result.userId);
    try {
      await record(result.userId);
    } catch (e) {
      pending.current.delete(result.userId);
      say(`${nameOf(result.userId)}さん：${errorMessage(e)}`, false);
    }
  };

  const toggle = async (uid: string, checked: boolean) => {
    setRowError(null);
    try {
      if (checked && queued.has(uid)) {
        pending.current.delete(uid);
        await outbox.drop(uid);
        toast({ title: `${nameOf(uid)}さんの受付を取り消しました`, variant: 'success' });
      } else if (checked) {
        if (isOffline()) throw new Error(OFFLINE_UNDO);
        pending.current.delete(uid);
        await undo.mutateAsync(uid);
        toast({ title: `${nameOf(uid)}さんの受付を取り消しました`, variant: 'success' });
      } else {
        const how = await record(uid);
        toast({
          title: `${nameOf(uid)}さんを受付しました${how === 'queued' ? '（未送信）' : ''}`,
          variant: 'success',
        });
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
    const isIn = (uid: string) => uid in checkIns || queued.has(uid);
    const shown = event.participants.filter((uid) =>
      nameOf(uid).toLowerCase().includes(filter.trim().toLowerCase()),
    );
    const count = event.participants.filter(isIn).length;
    body = (
      <>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          受付済み {count} / {event.participants.length}人
        </p>
        <OutboxStatus outbox={outbox} nameOf={nameOf} />
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
            const checked = isIn(uid);
            const busy =
              (checkIn.isPending && checkIn.variables === uid) ||
              (undo.isPending && undo.variables === uid);
            return (
              <li key={uid} className="py-2" aria-label={nameOf(uid)}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
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
                        {queued.has(uid) ? (
                          <StatusPill tone="amber">受付済み（未送信）</StatusPill>
                        ) : (
                          <StatusPill tone="green">受付済み</StatusPill>
                        )}
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

const OFFLINE_UNDO = '通信がないため取り消せません。通信が戻ってから取り消してください';

/**
 * 「未送信 n件」 and the sending: when it was sent, and each refused one by name (already
 * checked in elsewhere, the door closed before it was sent).
 */
function OutboxStatus({
  outbox,
  nameOf,
}: {
  outbox: ReturnType<typeof useCheckInOutbox>;
  nameOf: (uid: string) => string;
}) {
  const { queued, report, sending, flush } = outbox;
  if (queued.length === 0 && !report) return null;
  return (
    <div className="mt-3 space-y-2 rounded-md bg-slate-50 p-3 text-sm" aria-label="受付の送信">
      {queued.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite">
            <span className="font-semibold text-amber-800">未送信 {queued.length}件</span>
            <span className="block text-slate-600">通信が戻ると自動で送信します。</span>
          </p>
          <Button
            variant="ghost"
            className="min-h-11"
            busy={sending}
            busyLabel="送信中…"
            onClick={() => void flush()}
          >
            今すぐ送信
          </Button>
        </div>
      ) : null}
      {report ? (
        <>
          {report.sent > 0 ? (
            <p aria-live="polite" className="text-slate-700">
              {formatTime(report.at)}に{report.sent}件を送信しました
            </p>
          ) : null}
          {report.refused.map((r) => (
            <p key={r.userId} role="alert" className="font-semibold text-red-700">
              {nameOf(r.userId)}さんの受付は送信できませんでした：{r.message}
            </p>
          ))}
        </>
      ) : null}
    </div>
  );
}
