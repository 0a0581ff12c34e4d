import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DetailCard } from '@/components/ui/detail';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-pill';
import type { SportEvent } from '@/domain/entities/event';
import { useBackend } from '@/lib/backend-context';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { checkInQueries } from './checkin-queries';
import { keepShellOffline } from './offline-shell';

interface StoredCode {
  uid: string;
  eventId: string;
  day: string;
  code: string;
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;

/** The code kept on this device today for this person and event, if any. */
function storedCode(uid: string, eventId: string): string | undefined {
  try {
    const v = JSON.parse(safeStorage.get(STORAGE_KEYS.checkInCode) ?? 'null') as StoredCode | null;
    return v?.uid === uid && v.eventId === eventId && v.day === dayKey(new Date())
      ? v.code
      : undefined;
  } catch {
    return undefined;
  }
}

function keepCode(uid: string, eventId: string, code: string): void {
  const v: StoredCode = { uid, eventId, day: dayKey(new Date()), code };
  safeStorage.set(STORAGE_KEYS.checkInCode, JSON.stringify(v));
}

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
 * organizer's camera at reception, 受付済み once they are checked in. Once shown it is kept on
 * the device for the day and the app shell with it, so it shows again without a network
 * (docs/fees.md "At the venue without a signal").
 */
export function MyCodePanel({ event, uid }: { event: SportEvent; uid: string }) {
  const backend = useBackend();
  const code = useQuery({
    ...checkInQueries.myCode(uid, event.id, backend),
    // The kept code shows at once and is read again (stale from the start).
    initialData: () => storedCode(uid, event.id),
    initialDataUpdatedAt: 0,
  });
  useEffect(() => keepShellOffline(), []);
  useEffect(() => {
    if (code.data) keepCode(uid, event.id, code.data);
  }, [uid, event.id, code.data]);
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
      {code.isError && !code.data ? (
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
