// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The features of src/features depend on each other one way (docs/architecture.md, "Features"):
 * the lint allows an import through another feature's public.ts, and this keeps those imports
 * from closing a loop (as events <-> participation once did).
 */
const FEATURES = fileURLToPath(new URL('../../src/features', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Which features each feature imports (through any spelling), tests included. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of readdirSync(FEATURES)) {
    const uses = new Set<string>();
    for (const file of sourceFiles(path.join(FEATURES, feature))) {
      const text = readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/from\s+'([^']+)'/g)) {
        const target = specifier!.startsWith('@/features/')
          ? path.join(FEATURES, specifier!.slice('@/features/'.length))
          : specifier!.startsWith('.')
            ? path.resolve(path.dirname(file), specifier!)
            : null;
        if (!target) continue;
        const rel = path.relative(FEATURES, target);
        if (rel.startsWith('..')) continue;
        const other = rel.split(path.sep)[0]!;
        if (other !== feature) uses.add(other);
      }
    }
    graph.set(feature, uses);
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | null => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

describe('feature dependencies', () => {
  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['events', new Set(['participation'])],
      ['participation', new Set(['notifications', 'events'])],
      ['notifications', new Set<string>()],
    ]);
    expect(findCycle(graph)).toEqual(['events', 'participation', 'events']);
  });

  it('form no loop in src/features', () => {
    const graph = featureGraph();
    expect(graph.get('events')).toContain('participation');
    expect(findCycle(graph)).toBeNull();
  });
});
