// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { browserCheckMessage, missingForBrowserTests } from '../../scripts/browser-check.mjs';

const NOTO =
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc: Noto Sans CJK JP:style=Regular';
const machine = (over: Partial<Parameters<typeof missingForBrowserTests>[0]> = {}) => ({
  browser: '/usr/bin/chromium-headless-shell',
  executable: () => true,
  fonts: NOTO,
  ...over,
});

describe('the check before the browser tests', () => {
  it('passes with Chromium and a Japanese font', () => {
    expect(browserCheckMessage(missingForBrowserTests(machine()))).toBeNull();
  });

  it('names what is missing, the packages to install, and .ci/run, in one line', () => {
    const message = browserCheckMessage(
      missingForBrowserTests(machine({ executable: () => false, fonts: 'DejaVu Sans:style=Book' })),
    )!;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('Chromium at /usr/bin/chromium-headless-shell and a Japanese font');
    expect(message).toContain('sudo apt-get install chromium-headless-shell fonts-noto-cjk');
    expect(message).toContain('.ci/run installs it');
  });

  it('counts a machine without fc-list as without the font', () => {
    expect(missingForBrowserTests(machine({ fonts: null }))).toEqual([
      { what: 'a Japanese font', package: 'fonts-noto-cjk' },
    ]);
  });

  it('exits non-zero with that line when the browser is not there', () => {
    let failure: { status: number; stderr: string } | null = null;
    try {
      execFileSync('node', ['scripts/browser-check.mjs'], {
        env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
    } catch (e) {
      failure = e as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr.trim()).toMatch(
      /^The browser tests need Chromium at \/nonexistent\/chromium/,
    );
  });
});
