import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BASE_UI,
  DECIDING_RULES,
  ENTRY_READS,
  NAMED_GROUPS,
  NOT_SHARED,
  START_READS,
} from '../../scripts/chunk-groups';
import { PRELOADED } from '../../scripts/prerender-plugin';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Whether src/<path>.ts or .tsx exists. */
const exists = (path: string) => ['.ts', '.tsx'].some((ext) => existsSync(join(SRC, path + ext)));

/**
 * The build's chunking (scripts/chunk-groups.ts) and preload list (scripts/prerender-plugin.ts)
 * name modules by path; a rename would otherwise reshape the chunks without a word.
 */
describe('the modules the chunking names', () => {
  const named: [string, readonly string[]][] = [
    ['BASE_UI', BASE_UI],
    ['START_READS', START_READS],
    ['ENTRY_READS', ENTRY_READS],
    ['NOT_SHARED', NOT_SHARED],
    ['DECIDING_RULES.except', DECIDING_RULES.except],
    ['PRELOADED', PRELOADED],
    ...Object.entries(NAMED_GROUPS).map(([name, paths]): [string, string[]] => [name, paths]),
  ];

  it.each(named)('%s: every module exists', (_name, paths) => {
    expect(paths.filter((p) => !exists(p))).toEqual([]);
  });

  it('names each module of a group once', () => {
    const all = Object.values(NAMED_GROUPS).flat();
    expect(all.filter((p, i) => all.indexOf(p) !== i)).toEqual([]);
  });

  it('names a folder of rules that holds rules', () => {
    const rules = readdirSync(join(SRC, DECIDING_RULES.folder)).filter(
      (f) => !f.includes('.test.'),
    );
    expect(rules.length).toBeGreaterThan(DECIDING_RULES.except.length);
  });
});
