import { formatDistance } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import type { DateLike } from './format';

/**
 * "たった今" within a minute either way (a clock a few seconds ahead of the server's included:
 * date-fns would say 約1分前 for something sent a second ago), else "3分前", "約1時間前", "2日後": relative to now, with the Japanese suffix (date-fns and its
 * Japanese locale, loaded by the screens that show relative times).
 */
export function formatRelative(d: DateLike, now: Date = new Date()): string {
  if (!(d instanceof Date) || Number.isNaN(d.getTime()) || Number.isNaN(now.getTime())) return '';
  if (Math.abs(now.getTime() - d.getTime()) < 60_000) return 'たった今';
  return formatDistance(d, now, { addSuffix: true, locale: ja });
}
