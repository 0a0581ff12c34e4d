// npm run draw:images — draws the demo's pictures into public/demo/ as WebP (a tile per sport and
// an avatar per demo person, from the tables of src/data/demo/images.ts and the people's names)
// and the tab's icon, public/icon-48.png, from the header's mark. Run it after changing those
// tables, adding a sport or changing the mark; the files are committed, and
// tests/demo/images.test.ts fails while one is missing. Chromium draws them (Debian's,
// scripts/chromium.mjs) with the machine's fonts: the sport names need a Japanese font
// (fonts-noto-cjk).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { loadTsScript } from './load-ts.mjs';

const { SPORT_TILES, AVATAR_COLORS, DEMO_IMAGES_DIR } = await loadTsScript(
  '/src/data/demo/images.ts',
);
const { demoPerson } = await loadTsScript('/src/data/demo/people.ts');

const escapeXml = (s) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sport's tile: its colour, two light circles, its name as large as reads on a phone's card. */
function sportTile(sport, color) {
  const fontSize = Math.min(100, Math.floor(600 / Math.max(1, Array.from(sport).length)));
  return {
    width: 800,
    height: 450,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">` +
      `<rect width="800" height="450" fill="${color}"/>` +
      `<circle cx="680" cy="90" r="150" fill="#ffffff" fill-opacity="0.12"/>` +
      `<circle cx="110" cy="400" r="190" fill="#ffffff" fill-opacity="0.08"/>` +
      `<text x="400" y="225" font-family="sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(sport)}</text>` +
      `</svg>`,
  };
}

/** A round avatar with the first character of the name, transparent around the circle. */
function avatar(name, color) {
  const initial = escapeXml(Array.from(name.trim())[0] ?? '?');
  return {
    width: 128,
    height: 128,
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
      `<circle cx="64" cy="64" r="64" fill="${color}"/>` +
      `<text x="64" y="82" font-family="sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>` +
      `</svg>`,
  };
}

const pictures = [
  ...Object.entries(SPORT_TILES).map(([sport, { color, file }]) => ({
    file,
    ...sportTile(sport, color),
  })),
  ...Object.entries(AVATAR_COLORS).map(([key, color]) => ({
    file: `avatar-${key}`,
    ...avatar(demoPerson(key).displayName, color),
  })),
];

// The tab's icon: the header's mark (src/app/brand-mark.svg) as a PNG. The browser decodes an
// SVG icon as a document of its own on the page's main thread, right after the first paint
// (20–50 ms a load on this project's machine); a small PNG costs next to nothing.
const icon = {
  path: join('public', 'icon-48.png'),
  width: 48,
  height: 48,
  svg: await readFile('src/app/brand-mark.svg', 'utf8'),
};

const dir = join('public', DEMO_IMAGES_DIR);
await mkdir(dir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage();
/** `svg` drawn onto a canvas of `width` × `height` and encoded there as `type`. */
async function draw({ svg, width, height }, type) {
  const dataUrl = await page.evaluate(
    async ({ svg, width, height, type }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').drawImage(image, 0, 0, width, height);
      return canvas.toDataURL(type, 0.9);
    },
    { svg, width, height, type },
  );
  if (!dataUrl.startsWith(`data:${type};base64,`)) throw new Error(`no ${type} encoder`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

for (const { file, width, height, svg } of pictures) {
  const bytes = await draw({ svg, width, height }, 'image/webp');
  await writeFile(join(dir, `${file}.webp`), bytes);
  console.info(`${dir}/${file}.webp: ${width}×${height}, ${bytes.length} bytes`);
}
const iconBytes = await draw(icon, 'image/png');
await writeFile(icon.path, iconBytes);
console.info(`${icon.path}: ${icon.width}×${icon.height}, ${iconBytes.length} bytes`);
await browser.close();
