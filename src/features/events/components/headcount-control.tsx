import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isOver, type SportEvent } from '@/domain/entities/event';
import { ERR, errorMessage } from '@/domain/errors';
import { decideAtFor, headcountRefusal, isRelativeDeadline, startAtTime } from '@/domain/headcount';
import { toast } from '@/lib/toast-store';
import { SeriesScope, type SeriesScopeValue } from './series-scope';
import { HeadcountFields, headcountMinOf, type HeadcountFieldsValue } from './headcount-fields';
import { useChangeEventStatus, useHoldAnyway, useSetMinHeadcount } from '../event-mutations';

/** A Date as a datetime-local input's value (the device's zone, to the minute). */
function localInputValue(d: Date | null): string {
  if (!d) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The server asked (主催者に確認 with too few in): 「開催する」 or 「中止する」 (confirmed). */
function AskedActions({ event }: { event: SportEvent }) {
  const hold = useHoldAnyway(event);
  const cancel = useChangeEventStatus(event);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = hold.isPending || cancel.isPending;
  const count = event.headcountDecision?.count ?? event.participants.length;
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3">
      <p className="text-sm font-semibold text-amber-900">
        参加者は{count}人で、最少催行人数の{event.minHeadcount?.min}
        人に届いていません。開催するか中止するかを選んでください。
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          busy={hold.isPending}
          busyLabel="保存中…"
          disabled={busy}
          onClick={() => {
            setError(null);
            hold.mutate(undefined, {
              onSuccess: () => toast({ title: '開催を決定しました', variant: 'success' }),
              onError: (e) => setError(errorMessage(e)),
            });
          }}
        >
          開催する
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
          中止する
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="イベントを中止しますか？"
        confirmLabel="中止する"
        cancelLabel="やめる"
        danger
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate('cancelled', {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'イベントを中止しました', variant: 'success' });
            },
            onError: (e) => {
              setConfirming(false);
              setError(errorMessage(e));
            },
          })
        }
        onCancel={() => setConfirming(false)}
      >
        参加者とリクエスト中の方に中止をお知らせします。中止したイベントは元に戻せません。
      </ConfirmDialog>
    </div>
  );
}

/**
 * The organizer's minimum headcount (docs/domain.md "Minimum headcount"): the minimum, when it
 * is decided and what happens with too few; removable until decided. After the decision it
 * only says what was decided (and, when asked, offers 「開催する」/「中止する」).
 */
export function HeadcountControl({ event }: { event: SportEvent }) {
  const save = useSetMinHeadcount(event);
  const setting = event.minHeadcount;
  const [fields, setFields] = useState<HeadcountFieldsValue>({
    min: setting ? String(setting.min) : '',
    deadline: setting?.deadline ?? 'dayBefore18',
    customAt: localInputValue(event.headcountDecideAt),
    mode: setting?.mode ?? 'cancel',
  });
  const [scope, setScope] = useState<SeriesScopeValue>('this');
  const following = event.seriesId !== '' && scope === 'following';
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  if (event.headcountDecision?.result === 'asked' && event.status !== 'cancelled') {
    return <AskedActions event={event} />;
  }
  if (event.headcountDecision) {
    return (
      <p className="text-sm text-slate-600">
        {event.headcountDecision.result === 'cancelled'
          ? '最少催行人数に届かなかったため中止になりました。'
          : '開催が決定しています。'}
      </p>
    );
  }
  if (isOver(event, new Date())) {
    return <p className="text-sm text-slate-600">このイベントでは設定できません。</p>;
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { deadline, customAt, mode } = fields;
    const input = {
      min: headcountMinOf(fields),
      mode,
      deadline,
      customAt: deadline === 'custom' && customAt ? new Date(customAt) : null,
    };
    // Checked here first with the domain's own check, so bad input never becomes a failed write.
    const start = startAtTime(event.date, event.startTime);
    const refusal = headcountRefusal(
      input,
      decideAtFor(deadline, event.date, start, input.customAt),
      { capacity: event.capacity, start },
      new Date(),
    );
    if (refusal) {
      setError(ERR[refusal]);
      return;
    }
    if (following && !isRelativeDeadline(deadline)) {
      setError(ERR.headcountFollowingCustom);
      return;
    }
    save.mutate(
      { input, following },
      {
        onSuccess: () => toast({ title: '最少催行人数を保存しました', variant: 'success' }),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <HeadcountFields
        name={`headcount-${event.id}`}
        value={fields}
        onChange={setFields}
        disabled={save.isPending}
        error={error}
      />
      {event.seriesId ? (
        <SeriesScope
          name={`headcount-scope-${event.id}`}
          scope={scope}
          onChange={setScope}
          disabled={save.isPending}
          followingHint="この日以降の日程の最少催行人数も変更します（日程ごとに変更したものはそのままです）"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending} busyLabel="保存中…">
          最少催行人数を保存
        </Button>
        {setting ? (
          <Button
            type="button"
            variant="secondary"
            disabled={save.isPending}
            onClick={() => setRemoving(true)}
          >
            設定を外す
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={removing}
        title="最少催行人数の設定を外しますか？"
        confirmLabel="設定を外す"
        cancelLabel="やめる"
        busy={save.isPending}
        onConfirm={() =>
          save.mutate(
            { input: null, following },
            {
              onSuccess: () => {
                setRemoving(false);
                setFields((f) => ({ ...f, min: '' }));
                toast({ title: '最少催行人数の設定を外しました', variant: 'success' });
              },
              onError: (err) => {
                setRemoving(false);
                setError(errorMessage(err));
              },
            },
          )
        }
        onCancel={() => setRemoving(false)}
      >
        人数に関わらず開催予定のままになります。
      </ConfirmDialog>
    </form>
  );
}
