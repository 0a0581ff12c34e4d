import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';

/**
 * The accessibility check every screen's browser test runs: axe-core (a dev dependency) is put
 * into the page and a violation of impact serious or critical fails the test, listed by rule and
 * element. It runs through page.evaluate, which a Content-Security-Policy does not block.
 *
 * Besides axe's default WCAG A/AA and best-practice rules, label-content-name-mismatch is on
 * (experimental in axe, an audit in Lighthouse): a control's accessible name must contain the
 * text it shows, so a voice-control user can say what they see.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

const FAILING: ImpactValue[] = ['serious', 'critical'];

const RUN_OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * Fails the test when the page, as it is now, has a serious or critical violation. Call it once
 * the screen has settled (its heading and content shown, not its skeleton). A prerendered page
 * shows its heading before the app has taken it over: the check waits for that (no control
 * still waiting for the app) and for colour transitions to end, so it judges the page a visitor
 * works with, not a frame in between.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('[data-waits-for-app]')).toHaveCount(0);
  await page.waitForFunction(
    () => !document.getAnimations().some((a) => a instanceof CSSTransition),
  );
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ options, failing }) => {
      const results = await window.axe!.run(document, options);
      return results.violations
        .filter((v) => v.impact && failing.includes(v.impact))
        .map((v) => ({
          rule: v.id,
          impact: v.impact,
          help: v.help,
          elements: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
        }));
    },
    { options: RUN_OPTIONS, failing: FAILING },
  );
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}
