import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import type { SportEvent } from '@/domain/entities/event';
import { calendarEntry, seriesCalendarPath } from '@/domain/event-calendar';
import { useBackend } from '@/lib/backend-context';
import { downloadCalendar } from '@/lib/calendar-download';
import { logger } from '@/lib/logger';
import { toast } from '@/lib/toast-store';

/**
 * 「カレンダーに登録」 on a series page (docs/calendar.md "A series"): on Firebase the series'
 * subscription (a webcal:// link and its https address to copy), which a calendar app fetches
 * again by itself; on the local backend, which has no server to fetch from, a line saying so.
 * Both keep 「すべての日程をカレンダーに追加」, one file of the dates the page shows.
 */
export function SeriesCalendar({
  seriesId,
  title,
  dates,
}: {
  seriesId: string;
  title: string;
  dates: readonly SportEvent[] | undefined;
}) {
  const { kind } = useBackend();
  return (
    <div className="mt-4 border-t border-slate-100 pt-4" data-testid="series-calendar">
      <h3 className="text-sm font-semibold text-slate-900">カレンダーに登録</h3>
      {kind === 'firebase' ? (
        <Subscription seriesId={seriesId} />
      ) : (
        <p className="mt-1 text-sm text-slate-600" data-testid="series-calendar-local">
          カレンダーの購読（日程の追加や中止が自動で反映される登録）はオンライン版でのみ利用できます。この環境では、いまの日程をファイルで保存できます。
        </p>
      )}
      <SeriesCalendarFile title={title} dates={dates} />
    </div>
  );
}

function Subscription({ seriesId }: { seriesId: string }) {
  const { host, origin } = window.location;
  const path = seriesCalendarPath(seriesId);
  const httpsUrl = `${origin}${path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(httpsUrl);
      toast({ title: 'カレンダーのURLをコピーしました', variant: 'success' });
    } catch (e) {
      logger.warn('copy series calendar url', e);
      toast({
        title: 'URLをコピーできませんでした',
        description: `このURLをコピーしてください：${httpsUrl}`,
        variant: 'error',
      });
    }
  };
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        登録すると、これから追加される日程や中止もカレンダーに自動で反映されます。
      </p>
      <a
        href={`webcal://${host}${path}`}
        className={buttonClass('secondary', 'mt-2 min-h-11 w-full sm:w-auto')}
        data-testid="series-calendar-webcal"
      >
        カレンダーアプリで登録
      </a>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label className="sr-only" htmlFor="series-calendar-url">
          カレンダーのURL
        </label>
        <input
          id="series-calendar-url"
          readOnly
          value={httpsUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm text-slate-800"
          data-testid="series-calendar-url"
        />
        <Button variant="secondary" className="min-h-11 shrink-0" onClick={() => void copy()}>
          URLをコピー
        </Button>
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Google
        カレンダーでは、「他のカレンダー」の「＋」から「URLで追加」を選び、このURLを貼り付けてください。
      </p>
    </>
  );
}

/**
 * 「すべての日程をカレンダーに追加」: one file with every date the page shows, a cancelled one as
 * cancelled; the writer loads on the click. Disabled until the dates are there.
 */
function SeriesCalendarFile({
  title,
  dates,
}: {
  title: string;
  dates: readonly SportEvent[] | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!dates) return;
    setBusy(true);
    try {
      const entries = dates.map((e) =>
        calendarEntry(e, `${window.location.origin}/events/${encodeURIComponent(e.id)}`),
      );
      await downloadCalendar((ics) => ({
        text: ics.calendarIcs(entries, new Date(), { name: title }),
        fileName: ics.icsFileName(`${title}_日程`),
      }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className="mt-3 min-h-11 w-full sm:w-auto"
      disabled={!dates || dates.length === 0}
      busy={busy}
      busyLabel="作成中…"
      onClick={() => void download()}
    >
      すべての日程をカレンダーに追加
    </Button>
  );
}
