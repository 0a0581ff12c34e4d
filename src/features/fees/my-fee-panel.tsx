import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DetailCard } from '@/components/ui/detail';
import { LoadError } from '@/components/ui/load-error';
import { ActionError } from '@/components/flows/standing-notice';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import type { SportEvent } from '@/domain/entities/event';
import {
  FEE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type FeeRecord,
  type PaymentMethod,
} from '@/domain/fees';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useMyFeeMutations } from './fee-mutations';
import { feeQueries } from './fee-queries';
import { yen } from './yen';

const TONES = { unpaid: 'amber', declared: 'brand', confirmed: 'green' } as const;

/**
 * A participant's own 参加費 (docs/fees.md): 未払い with 「支払いました」 and how they paid,
 * 申告済み until the organizer confirms (the method can be changed or the declaration
 * withdrawn), then 確認済み with the amount received. Nobody else's status shows here.
 */
export function MyFeePanel({ event, uid }: { event: SportEvent; uid: string }) {
  const backend = useBackend();
  const mine = useQuery(feeQueries.mine(uid, event.id, backend));
  return (
    <DetailCard title="参加費の支払い" labelledBy="my-fee-heading">
      <p className="text-sm text-slate-700">
        参加費 <span className="font-semibold">{yen(event.fee)}</span>
      </p>
      {mine.isPending ? (
        <Spinner className="py-4" label="支払い状況を読み込み中…" />
      ) : mine.isError ? (
        <LoadError
          className="mt-3"
          message="支払い状況を読み込めませんでした"
          busy={mine.isFetching}
          onRetry={() => void mine.refetch()}
        />
      ) : (
        <MyFee event={event} uid={uid} record={mine.data} />
      )}
    </DetailCard>
  );
}

function MyFee({
  event,
  uid,
  record,
}: {
  event: SportEvent;
  uid: string;
  record: FeeRecord | null;
}) {
  const { declare, withdraw } = useMyFeeMutations(uid, event.id);
  const status = record?.status ?? 'unpaid';
  const [choosing, setChoosing] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>(record?.method ?? 'transfer');
  const [error, setError] = useState<unknown>(null);

  const submit = async () => {
    setError(null);
    try {
      await declare.mutateAsync(method);
      setChoosing(false);
      toast({
        title: `支払いを申告しました（${PAYMENT_METHOD_LABELS[method]}）`,
        variant: 'success',
      });
    } catch (e) {
      setError(e);
    }
  };
  const undo = async () => {
    setError(null);
    try {
      await withdraw.mutateAsync();
      toast({ title: '申告を取り消しました', variant: 'success' });
    } catch (e) {
      setError(e);
    }
  };

  return (
    <div className="mt-3 space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" aria-live="polite">
        <span>あなたの支払い状況：</span>
        <StatusPill tone={TONES[status]}>{FEE_STATUS_LABELS[status]}</StatusPill>
        {record?.method && status !== 'unpaid' ? (
          <span>{PAYMENT_METHOD_LABELS[record.method]}</span>
        ) : null}
        {status === 'confirmed' && record?.amount !== null && record?.amount !== undefined ? (
          <span>{yen(record.amount)}</span>
        ) : null}
      </p>
      {status === 'declared' ? (
        <p className="text-xs text-slate-600">
          主催者が受け取りを確認すると「確認済み」になります。
        </p>
      ) : null}
      {status !== 'confirmed' && choosing ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">支払い方法</legend>
          <div className="grid grid-cols-3 gap-2">
            {PAYMENT_METHODS.map((m) => (
              <label
                key={m}
                className={`flex min-h-12 cursor-pointer items-center justify-center rounded-md border text-sm font-semibold ${
                  method === m
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-300 bg-white text-slate-800'
                }`}
              >
                <input
                  type="radio"
                  name="fee-method"
                  value={m}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                  className="sr-only"
                />
                {PAYMENT_METHOD_LABELS[m]}
              </label>
            ))}
          </div>
          <div className="flex gap-2">
            <Button
              className="min-h-12 flex-1"
              busy={declare.isPending}
              busyLabel="送信中…"
              onClick={() => void submit()}
            >
              申告する
            </Button>
            <Button variant="secondary" className="min-h-12" onClick={() => setChoosing(false)}>
              やめる
            </Button>
          </div>
        </fieldset>
      ) : null}
      {status === 'unpaid' && !choosing ? (
        <Button className="min-h-12 w-full" onClick={() => setChoosing(true)}>
          支払いました
        </Button>
      ) : null}
      {status === 'declared' && !choosing ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setChoosing(true)}>
            支払い方法を変える
          </Button>
          <Button
            variant="ghost"
            busy={withdraw.isPending}
            busyLabel="取り消し中…"
            onClick={() => void undo()}
          >
            申告を取り消す
          </Button>
        </div>
      ) : null}
      <ActionError error={error} />
    </div>
  );
}
