import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { SportEvent } from '@/domain/entities/event';
import { calendarEntry } from '@/domain/event-calendar';
import { downloadCalendar } from '@/lib/calendar-download';

/**
 * 「すべての日程をカレンダーに追加」 (docs/calendar.md "A series"): one file with every date the
 * page shows, a cancelled one as cancelled; the writer loads on the click. Disabled until the
 * dates are there.
 */
export function SeriesCalendarButton({
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
        text: ics.calendarIcs(entries, new Date(), title),
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
