import { SPORT_TYPES } from '@/domain/entities/event';

/** One tile colour per sport, so seeded event cards are told apart at a glance. */
const SPORT_COLORS: Record<(typeof SPORT_TYPES)[number], string> = {
  サッカー: '#16a34a',
  フットサル: '#0d9488',
  バスケットボール: '#ea580c',
  バレーボール: '#ca8a04',
  テニス: '#65a30d',
  バドミントン: '#0284c7',
  卓球: '#dc2626',
  野球: '#7c3aed',
  ランニング: '#db2777',
  ヨガ: '#9333ea',
  その他: '#475569',
};

/**
 * A small SVG tile as a data: URL. Generated in code so the demo needs no files in public/
 * and no image server; the URL works in every tab and offline.
 */
export function sportImageURL(sport: string): string {
  const color = SPORT_COLORS[sport as keyof typeof SPORT_COLORS] ?? SPORT_COLORS['その他'];
  // As large as reads well on a phone's thumbnail, the longest name within three quarters of
  // the width.
  const fontSize = Math.min(100, Math.floor(600 / Math.max(1, Array.from(sport).length)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">` +
    `<rect width="800" height="450" fill="${color}"/>` +
    `<circle cx="680" cy="90" r="150" fill="#ffffff" fill-opacity="0.12"/>` +
    `<circle cx="110" cy="400" r="190" fill="#ffffff" fill-opacity="0.08"/>` +
    `<text x="400" y="225" font-family="sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(sport)}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A round avatar with the first character of the name. */
export function avatarURL(name: string, color: string): string {
  const initial = escapeXml(Array.from(name.trim())[0] ?? '?');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<circle cx="64" cy="64" r="64" fill="${color}"/>` +
    `<text x="64" y="82" font-family="sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
