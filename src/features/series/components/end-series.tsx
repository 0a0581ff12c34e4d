import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/domain/errors';
import { toast } from '@/lib/toast-store';
import { useEndSeries } from '../series-queries';

/**
 * The organizer's 「シリーズを終了」 (docs/series.md "Changing and ending"), after a confirmation:
 * no more dates are made, and the dates to come are cancelled with notices and mail.
 */
export function EndSeries({ seriesId }: { seriesId: string }) {
  const end = useEndSeries(seriesId);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="mt-4">
      <Button variant="danger" disabled={end.isPending} onClick={() => setConfirming(true)}>
        シリーズを終了
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="この定期開催を終了しますか？"
        confirmLabel="シリーズを終了"
        cancelLabel="やめる"
        danger
        busy={end.isPending}
        onConfirm={() =>
          end.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: '定期開催を終了しました', variant: 'success' });
            },
            onError: (e) => {
              setConfirming(false);
              setError(errorMessage(e, '定期開催を終了できませんでした。もう一度お試しください'));
            },
          })
        }
        onCancel={() => setConfirming(false)}
      >
        これからの日程はすべて中止になり、参加者とリクエスト中の方にお知らせします。新しい日程も作られなくなります。元には戻せません。
      </ConfirmDialog>
    </div>
  );
}
