import { format, formatDistance } from 'date-fns';
import { ja } from 'date-fns/locale/ja';

/**
 * Display formats (docs/constants.md). Every formatter takes a possibly missing date and returns
 * '' for it, so screens can render stored values that failed to parse without guarding each call.
 */
export type DateLike = Date | null | undefined;

function valid(d: DateLike): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

function fmt(d: DateLike, pattern: string): string {
  return valid(d) ? format(d, pattern, { locale: ja }) : '';
}

/** 2024年5月10日 */
export function formatLongDate(d: DateLike): string {
  return fmt(d, 'yyyy年M月d日');
}

/** 2024年5月10日(金) */
export function formatLongDateWithWeekday(d: DateLike): string {
  return fmt(d, 'yyyy年M月d日(E)');
}

/** 2024/05/10 */
export function formatSlashDate(d: DateLike): string {
  return fmt(d, 'yyyy/MM/dd');
}

/** 09:05 */
export function formatTime(d: DateLike): string {
  return fmt(d, 'HH:mm');
}

/** 2024-05-10, the value of a date input and of the event form's date field. */
export function formatIsoDate(d: DateLike): string {
  return fmt(d, 'yyyy-MM-dd');
}

/**
 * Joins two already formatted values with a wave dash. A missing side leaves the other alone
 * rather than printing a dangling "〜".
 */
export function formatRange(start: string, end: string): string {
  if (!start) return end;
  if (!end) return start;
  return `${start}〜${end}`;
}

/** The HH:mm times of an event: "10:00〜12:00", or just "10:00" when no end time was set. */
export function formatEventTimes(startTime: string, endTime: string): string {
  return formatRange(startTime.trim(), endTime.trim());
}

/** "3分前", "約1時間前", "2日後": relative to now, with the Japanese suffix. */
export function formatRelative(d: DateLike, now: Date = new Date()): string {
  if (!valid(d) || !valid(now)) return '';
  return formatDistance(d, now, { addSuffix: true, locale: ja });
}

/** Same calendar day in local time; a missing date is never the same day as anything. */
export function isSameDay(a: DateLike, b: DateLike): boolean {
  if (!valid(a) || !valid(b)) return false;
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** "無料" for a free event, otherwise "¥1,500". */
export function formatFee(fee: number): string {
  if (!Number.isFinite(fee)) return '';
  if (fee <= 0) return '無料';
  // Grouped by hand, as ja-JP groups: the first Intl number formatter of a page costs about 15 ms
  // (locale data) and toLocaleString builds one per call, which a list of cards paid per card.
  const [whole, fraction] = String(fee).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `¥${fraction ? `${grouped}.${fraction}` : grouped}`;
}

/** The heading over one day's chat messages: 今日, 昨日, or the long date with its weekday. */
export function formatDayHeading(d: DateLike, now: Date = new Date()): string {
  if (!valid(d)) return '';
  if (isSameDay(d, now)) return '今日';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (isSameDay(d, yesterday)) return '昨日';
  return formatLongDateWithWeekday(d);
}
