import { expectAccessible } from './a11y';
import type { Page } from '@playwright/test';
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
  await expectCardPicturesWhole(page);
  await expectAccessible(page);
});

/**
 * Every card's picture is shown whole in its frame: the frame has the picture's own proportions
 * (a taller frame crops its sides, and the sport's name drawn across a demo picture with them),
 * and the sport's name shown instead of a picture lies within the frame.
 */
async function expectCardPicturesWhole(page: Page) {
  const frames = await page.getByTestId('event-card').evaluateAll((cards) =>
    cards.slice(0, 6).map((card) => {
      const img = card.querySelector('img');
      const frame = (img?.parentElement ?? card.querySelector('[aria-hidden]')?.parentElement)!;
      const f = frame.getBoundingClientRect();
      const label = card.querySelector('span[aria-hidden]');
      const range = document.createRange();
      if (label) range.selectNodeContents(label);
      const l = label ? range.getBoundingClientRect() : null;
      return {
        frame: f.width / f.height,
        picture: img && img.naturalHeight > 0 ? img.naturalWidth / img.naturalHeight : null,
        labelInside: l
          ? l.left >= f.left && l.right <= f.right && l.top >= f.top && l.bottom <= f.bottom
          : true,
      };
    }),
  );
  for (const f of frames) {
    if (f.picture !== null) expect(f.frame).toBeCloseTo(f.picture, 1);
    expect(f.labelInside).toBe(true);
  }
}

test('on a desktop (1280 px) the cards show their pictures whole', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/events');
  await expect(page.getByTestId('event-card').nth(3)).toBeVisible({ timeout: 30_000 });
  await expectCardPicturesWhole(page);
});

test('a from-date after the to-date is said, not shown as no results', async ({ page }) => {
  await page.goto('/events?from=2099-12-20&to=2099-12-01');
  await expect(page.getByRole('alert')).toContainText(
    '開催日の「から」が「まで」より後の日付になっています',
  );
  await expect(page.getByText('条件に合うイベントが見つかりません')).toHaveCount(0);
});

test('the list says how many events match, and shows the ended ones too when asked, kept in the URL', async ({
  page,
}) => {
  await page.goto('/events');
  const cards = page.getByTestId('event-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  const count = page.getByTestId('event-count');
  await expect(count).toHaveText(/^\d+件$/);
  const upcoming = Number((await count.textContent())!.replace('件', ''));
  expect(upcoming).toBeGreaterThan(0);
  const firstUpcoming = await cards.first().getByRole('heading').textContent();

  // On a phone the conditions fold away; this page is wide enough to show them.
  await page.getByLabel('終了したイベントも表示').click();
  await expect(page).toHaveURL(/[?&]past=1(&|$)/);
  // Blank while the new count loads; then more than the upcoming ones.
  const shown = async () => Number(/^(\d+)件$/.exec((await count.textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(shown).toBeGreaterThan(upcoming);
  const all = await shown();
  // Oldest first: the ended events come before the upcoming ones.
  await expect(cards.first().getByRole('heading')).not.toHaveText(firstUpcoming!);

  await page.reload();
  await expect(page.getByLabel('終了したイベントも表示')).toBeChecked();
  await expect(count).toHaveText(`${all}件`);
  await page.goBack();
  await expect(page.getByLabel('終了したイベントも表示')).not.toBeChecked();
  await expect(count).toHaveText(`${upcoming}件`);
});
