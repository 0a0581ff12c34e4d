// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';

/**
 * firestore.rules spells out the domain's choice lists (a rule cannot import them). The rules
 * tests write each listed value; this check makes a list changed on one side only fail at once,
 * without an emulator.
 */
const rules = readFileSync('firestore.rules', 'utf8');

function listOf(name: string): string[] {
  const body = new RegExp(`function ${name}\\(\\) \\{\\s*return \\[([^\\]]*)\\];`).exec(rules);
  if (!body) throw new Error(`firestore.rules has no function ${name}()`);
  return [...body[1]!.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

describe('the choice lists in firestore.rules', () => {
  it('are the domain’s lists, in full', () => {
    expect(listOf('sportTypes')).toEqual([...SPORT_TYPES]);
    expect(listOf('regions')).toEqual([...REGIONS]);
    expect(listOf('levels')).toEqual([...LEVELS]);
  });
});
