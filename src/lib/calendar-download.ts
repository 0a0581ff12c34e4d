import { logger } from '@/lib/logger';
import { toast } from '@/lib/toast-store';

type CalendarModule = typeof import('./calendar-ics');

/**
 * Saves a calendar file that `make` writes with the iCalendar module, loaded here on the click
 * (docs/calendar.md); a failure, the module's download included, is told in a toast.
 */
export async function downloadCalendar(
  make: (ics: CalendarModule) => { text: string; fileName: string },
): Promise<void> {
  try {
    const ics = await import('./calendar-ics');
    const { text, fileName } = make(ics);
    ics.saveIcs(text, fileName);
  } catch (e) {
    logger.error('calendar file', e);
    toast({
      title: 'カレンダー用のファイルを作成できませんでした',
      description: '通信状況を確認して、もう一度お試しください。',
      variant: 'error',
    });
  }
}
