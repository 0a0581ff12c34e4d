import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SkipDateDialog } from '@/components/flows/skip-date-dialog';
import { ActionError } from '@/components/flows/standing-notice';
import { Button } from '@/components/ui/button';
import { DetailCard } from '@/components/ui/detail';
import { isOver, type SportEvent } from '@/domain/entities/event';
import { isAlreadyDone } from '@/domain/errors';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useSkipSeriesDate } from '../event-mutations';

/**
 * 「今回はお休み」 on a series date's own page (docs/series.md "Regulars"), for an accepted regular
 * who is on it or waiting for it: the same confirmation and use case as the series page's
 * (seriesRegulars.skip). Everyone else sees nothing; so does a regular while their document
 * loads or cannot be read (the series page still offers the button).
 */
export default function SeriesSkip({ event, uid }: { event: SportEvent; uid: string }) {
  const backend = useBackend();
  const seriesId = event.seriesId;
  const mine = useQuery({
    // Under the series' key, so the series page's actions refresh it too.
    queryKey: ['series', seriesId, 'regulars', 'mine', uid] as const,
    queryFn: () => backend.seriesRegulars.mine(seriesId),
  });
  const skip = useSkipSeriesDate(event);
  const [confirming, setConfirming] = useState(false);
  const onDate = event.participants.includes(uid) || event.waitlist.includes(uid);
  if (mine.data?.status !== 'accepted' || !onDate) return null;
  if (event.status !== 'open' || isOver(event, new Date())) return null;
  return (
    <DetailCard title="レギュラー" labelledBy="series-skip-heading">
      <p className="text-sm text-slate-600">
        あなたはこの定期開催のレギュラーです。この日だけ参加しない場合は「今回はお休み」を選んでください。
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={skip.isPending}
        onClick={() => setConfirming(true)}
      >
        今回はお休み
      </Button>
      <ActionError error={isAlreadyDone(skip.error) ? null : skip.error} className="mt-2" />
      <SkipDateDialog
        date={confirming ? event.date : null}
        busy={skip.isPending}
        onConfirm={() =>
          skip.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'この日はお休みにしました', variant: 'success' });
            },
            onError: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </DetailCard>
  );
}
