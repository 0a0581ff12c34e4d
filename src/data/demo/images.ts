import type { SPORT_TYPES } from '@/domain/entities/event';
import type { DemoKey } from './accounts';

type Sport = (typeof SPORT_TYPES)[number];

/**
 * The demo's pictures are files in public/demo/, WebP, which `npm run draw:images`
 * (scripts/draw-images.mjs) draws from the tables below: one tile per sport, in its colour with
 * its name, and one round avatar per demo person, with the first character of the name
 * (tests/demo/images.test.ts holds every sport and person to its file). Both backends serve them
 * from the app's own origin, so they work offline. They were SVG `data:` URLs drawn in code, but
 * the browser builds each SVG picture as a document of its own on the main thread (120–200 ms of
 * a load of `/events` on this project's machine), where it decodes a WebP off it.
 */
export const DEMO_IMAGES_DIR = 'demo';

/** One tile colour per sport, so seeded event cards are told apart at a glance; and its file's name. */
export const SPORT_TILES: Record<Sport, { color: string; file: string }> = {
  サッカー: { color: '#16a34a', file: 'sport-soccer' },
  フットサル: { color: '#0d9488', file: 'sport-futsal' },
  バスケットボール: { color: '#ea580c', file: 'sport-basketball' },
  バレーボール: { color: '#ca8a04', file: 'sport-volleyball' },
  テニス: { color: '#65a30d', file: 'sport-tennis' },
  バドミントン: { color: '#0284c7', file: 'sport-badminton' },
  卓球: { color: '#dc2626', file: 'sport-table-tennis' },
  野球: { color: '#7c3aed', file: 'sport-baseball' },
  ランニング: { color: '#db2777', file: 'sport-running' },
  ヨガ: { color: '#9333ea', file: 'sport-yoga' },
  その他: { color: '#475569', file: 'sport-other' },
};

/** Each demo person's avatar colour. */
export const AVATAR_COLORS: Record<DemoKey, string> = {
  organizer: '#0f766e',
  hanako: '#db2777',
  ichiro: '#ea580c',
  misaki: '#7c3aed',
  admin: '#334155',
  moderator: '#0369a1',
};

const url = (file: string) => `/${DEMO_IMAGES_DIR}/${file}.webp`;

/** A sport's tile (an event's or a team's picture); その他's for a sport it does not know. */
export function sportImageURL(sport: string): string {
  return url((SPORT_TILES[sport as Sport] ?? SPORT_TILES['その他']).file);
}

/** A demo person's avatar. */
export function avatarURL(key: DemoKey): string {
  return url(`avatar-${key}`);
}
