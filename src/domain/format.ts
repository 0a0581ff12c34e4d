/**
 * Display formats (docs/constants.md). Every formatter takes a possibly missing date and returns
 * '' for it, so screens can render stored values that failed to parse without guarding each call.
 * The fixed formats are written out here rather than with date-fns: they are numbers and one
 * weekday character, and date-fns' format with its Japanese locale (about 8 KiB) would otherwise
 * be on every first page. Relative times, which need the locale's wording, are in
 * relative-time.ts.
 */
export type DateLike = Date | null | undefined;

function valid(d: DateLike): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** 2024年5月10日 */
export function formatLongDate(d: DateLike): string {
  return valid(d) ? `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日` : '';
}

/** 2024年5月10日(金) */
export function formatLongDateWithWeekday(d: DateLike): string {
  return valid(d) ? `${formatLongDate(d)}(${WEEKDAYS[d.getDay()]})` : '';
}

/** 5月10日(金) */
export function formatMonthDayWithWeekday(d: DateLike): string {
  return valid(d) ? `${d.getMonth() + 1}月${d.getDate()}日(${WEEKDAYS[d.getDay()]})` : '';
}

/** 2024/05/10 */
export function formatSlashDate(d: DateLike): string {
  return valid(d) ? `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())}` : '';
}

/** 09:05 */
export function formatTime(d: DateLike): string {
  return valid(d) ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** 2024-05-10, the value of a date input and of the event form's date field. */
export function formatIsoDate(d: DateLike): string {
  return valid(d) ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
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
