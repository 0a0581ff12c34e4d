import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import type { SportEvent } from '@/domain/entities/event';
import { calendarEntry, googleCalendarUrl, mapSearchUrl } from '@/domain/event-calendar';
import { formatEventTimes, formatLongDateWithWeekday } from '@/domain/format';
import { downloadCalendar } from '@/lib/calendar-download';
import { logger } from '@/lib/logger';
import { toast } from '@/lib/toast-store';
import { CalendarIcon, PinIcon, ShareIcon } from './icons';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function eventPageUrl(eventId: string): string {
  return `${window.location.origin}/events/${encodeURIComponent(eventId)}`;
}

/** 「カレンダーに追加」: an iCalendar file (its writer loaded on the click) or Google Calendar. */
function AddToCalendar({ event, pageUrl }: { event: SportEvent; pageUrl: string }) {
  const [busy, setBusy] = useState(false);
  const entry = calendarEntry(event, pageUrl);

  const download = async () => {
    setBusy(true);
    try {
      await downloadCalendar((ics) => ({
        text: ics.eventIcs(entry, new Date()),
        fileName: ics.icsFileName(event.title),
      }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="group w-full sm:w-auto sm:open:w-full">
      <summary
        className={buttonClass(
          'secondary',
          'w-full cursor-pointer list-none sm:w-auto [&::-webkit-details-marker]:hidden',
        )}
      >
        <CalendarIcon />
        カレンダーに追加
        <span aria-hidden="true" className="text-xs text-slate-500 group-open:rotate-180">
          ▼
        </span>
      </summary>
      <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-2">
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            busy={busy}
            busyLabel="作成中…"
            onClick={() => void download()}
          >
            カレンダーファイル（.ics）を保存
          </Button>
          {event.status === 'cancelled' ? null : (
            <a
              href={googleCalendarUrl(entry)}
              {...NEW_TAB}
              aria-label="Googleカレンダーに追加（新しいタブで開きます）"
              className={buttonClass('secondary')}
            >
              Googleカレンダーに追加
            </a>
          )}
        </div>
        <p className="mt-2 text-xs text-slate-600">
          .icsファイルはiPhone・Mac・Outlookなどのカレンダーで開けます。
          {event.status === 'cancelled'
            ? '中止になったイベントのファイルを開くと、追加済みの予定が中止として更新されます。'
            : null}
        </p>
      </div>
    </details>
  );
}

/**
 * The event page's calendar, map and share actions. The share sheet is the browser's own (Web
 * Share API) where there is one; otherwise the page's address is copied.
 */
export function EventShareActions({ event }: { event: SportEvent }) {
  const pageUrl = eventPageUrl(event.id);
  const [sharing, setSharing] = useState(false);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      toast({ title: 'イベントのリンクをコピーしました', variant: 'success' });
    } catch (e) {
      logger.warn('copy event link', e);
      toast({
        title: 'リンクをコピーできませんでした',
        description: `このURLをコピーしてください：${pageUrl}`,
        variant: 'error',
      });
    }
  };

  const shareOrCopy = async () => {
    if (typeof navigator.share !== 'function') return copyLink();
    const when = `${formatLongDateWithWeekday(event.date)} ${formatEventTimes(event.startTime, event.endTime)}`;
    try {
      await navigator.share({
        title: event.title,
        text: `${event.title}（${when.trim()}）`,
        url: pageUrl,
      });
    } catch (e) {
      // Closing the share sheet is a choice, not a failure; a sheet the browser refuses to open
      // falls back to copying.
      if (e instanceof DOMException && e.name === 'AbortError') return;
      await copyLink();
    }
  };

  const share = async () => {
    setSharing(true);
    try {
      await shareOrCopy();
    } finally {
      setSharing(false);
    }
  };

  return (
    <div
      className="mt-4 flex flex-wrap items-start gap-2"
      role="group"
      aria-label="カレンダー・地図・共有"
    >
      <AddToCalendar event={event} pageUrl={pageUrl} />
      {event.location.trim() ? (
        <a
          href={mapSearchUrl(event.location)}
          {...NEW_TAB}
          aria-label="地図で見る（新しいタブで開きます）"
          className={buttonClass('secondary', 'flex-1 sm:flex-none')}
        >
          <PinIcon />
          地図で見る
        </a>
      ) : null}
      <Button
        variant="secondary"
        className="flex-1 sm:flex-none"
        disabled={sharing}
        onClick={() => void share()}
      >
        <ShareIcon />
        共有
      </Button>
    </div>
  );
}
