import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPORT_TYPES } from '@/domain/entities/event';
import { DEMO_UIDS, type DemoKey } from '@/data/demo/accounts';
import { avatarURL, sportImageURL } from '@/data/demo/images';

/** The file an app URL names, in public/ (what both builds serve at the site's root). */
function served(url: string): Buffer {
  return readFileSync(join(process.cwd(), 'public', url));
}

/** A WebP file starts RIFF, its length, WEBP. */
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
  bytes.subarray(8, 12).toString('latin1') === 'WEBP';

describe('the demo pictures (npm run draw:images draws them)', () => {
  it.each(SPORT_TYPES)('%s has its own tile, a WebP in public/', (sport) => {
    const url = sportImageURL(sport);
    expect(url).toMatch(/^\/demo\/sport-[a-z-]+\.webp$/);
    expect(isWebp(served(url))).toBe(true);
  });

  it('no two sports share a tile, and a sport it does not know gets その他’s', () => {
    expect(new Set(SPORT_TYPES.map(sportImageURL)).size).toBe(SPORT_TYPES.length);
    expect(sportImageURL('カバディ')).toBe(sportImageURL('その他'));
  });

  it.each(Object.keys(DEMO_UIDS) as DemoKey[])('%s has an avatar, a WebP in public/', (key) => {
    expect(isWebp(served(avatarURL(key)))).toBe(true);
  });
});

describe("the tab's icon (npm run draw:images draws it from the header's mark)", () => {
  it('is a PNG, which index.html names', () => {
    const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
    const icons = [...html.matchAll(/<link rel="icon"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(icons).toEqual(['/icon-48.png']);
    // A PNG file starts with these eight bytes.
    expect(served(icons[0]!).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });
});
