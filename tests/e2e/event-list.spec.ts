import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';

test('on a phone (390×844) the first screen of /events shows at least three whole cards', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events');
  const cards = page.getByTestId('event-card');
  // The first visit seeds the demo data in the browser before the list reads it.
  await expect(cards.nth(3)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('events-390x844.png') });
  const whole = await cards.evaluateAll(
    (els) =>
      els.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      }).length,
  );
  expect(whole).toBeGreaterThanOrEqual(3);
  await expectAccessible(page);
});

test('a from-date after the to-date is said, not shown as no results', async ({ page }) => {
  await page.goto('/events?from=2099-12-20&to=2099-12-01');
  await expect(page.getByRole('alert')).toContainText(
    '開催日の「から」が「まで」より後の日付になっています',
  );
  await expect(page.getByText('条件に合うイベントが見つかりません')).toHaveCount(0);
});
