import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DetailCard } from '@/components/ui/detail';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import type { SportEvent } from '@/domain/entities/event';
import { useBackend } from '@/lib/backend-context';
import { checkInQueries } from './checkin-queries';

/** The QR code as an image (qrcode loads with the first code shown). */
function useQrImage(text: string | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void import('qrcode').then(async (m) => {
      const QRCode = (m as unknown as { default?: typeof m }).default ?? m;
      const made = await QRCode.toDataURL(text, {
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 280,
      });
      if (live) setUrl(made);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return text ? url : null;
}

/**
 * A participant's check-in code on the event's day (docs/fees.md "Check-in"): shown to the
 * organizer's camera at reception, 受付済み once they are checked in.
 */
export function MyCodePanel({ event, uid }: { event: SportEvent; uid: string }) {
  const backend = useBackend();
  const code = useQuery(checkInQueries.myCode(uid, event.id, backend));
  const mine = useQuery(checkInQueries.mine(uid, event.id, backend));
  const image = useQrImage(code.data);
  return (
    <DetailCard title="受付コード" labelledBy="my-code-heading">
      {mine.data ? (
        <p className="mb-3">
          <StatusPill tone="green">受付済み</StatusPill>
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-700">
          会場の受付でこのコードを主催者に見せてください。
        </p>
      )}
      {code.isError ? (
        <LoadError
          message="受付コードを表示できませんでした"
          busy={code.isFetching}
          onRetry={() => void code.refetch()}
        />
      ) : image ? (
        <img
          src={image}
          alt="受付コード（QRコード）"
          width={280}
          height={280}
          className="mx-auto block h-auto w-full max-w-[280px] rounded-md bg-white"
        />
      ) : (
        <Spinner className="py-10" label="受付コードを表示中…" />
      )}
    </DetailCard>
  );
}
