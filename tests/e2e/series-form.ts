import type { Page } from '@playwright/test';

/** The first Thursday at least two days from now, yyyy-MM-dd in Japan. */
export function nextThursday(): string {
  const day = new Date(Date.now() + 9 * 3_600_000 + 2 * 86_400_000);
  while (day.getUTCDay() !== 4) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/**
 * Fills /create-series (already open) with a 先着順 毎週木曜 19:00〜21:00 futsal series at
 * 世田谷区民体育館 for 500 yen, first on the next Thursday; `count` dates in all, or no end.
 */
export async function fillWeeklyThursdaySeries(
  page: Page,
  { title, capacity, count }: { title: string; capacity: number; count?: number },
) {
  await page.getByLabel('タイトル').fill(title);
  await page.getByLabel('種目').selectOption('フットサル');
  await page.getByLabel('開催日').fill(nextThursday());
  await page.getByLabel('開始時刻').fill('19:00');
  await page.getByLabel('終了時刻').fill('21:00');
  await page.getByLabel('開催場所').fill('世田谷区民体育館');
  await page.getByLabel('参加費（円）').fill('500');
  await page.getByLabel('定員（人）').fill(String(capacity));
  await page.getByLabel('先着順').check();
  const rule = page.getByTestId('series-rule');
  await rule.getByLabel('毎週').check();
  await rule.getByLabel('木', { exact: true }).check();
  if (count !== undefined) await rule.getByRole('spinbutton', { name: '回数' }).fill(String(count));
  return rule;
}
