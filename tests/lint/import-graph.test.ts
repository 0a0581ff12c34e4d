import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The import graph of src, read with the TypeScript compiler's own parser and module resolution
 * (the tsconfig's paths, so '@/…' resolves as the build does). No maintained graph tool
 * (madge, dependency-cruiser) is installed, and this needs nothing beyond the compiler.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

const config = ts.readConfigFile(join(ROOT, 'tsconfig.app.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
  .map((f) => join(SRC, f));

const rel = (file: string) => relative(ROOT, file).replaceAll('\\', '/');

/** A file's module specifiers that run: static imports and re-exports, and dynamic import(). */
function importsOf(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      !node.importClause?.isTypeOnly &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named = node.importClause?.namedBindings;
      const typesOnly =
        named !== undefined &&
        ts.isNamedImports(named) &&
        !node.importClause?.name &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const sources = new Map(
  files.map((f) => [
    f,
    ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true),
  ]),
);

/** Every file of src and the files of src it imports (what runs; `import type` is erased). */
const graph = new Map<string, string[]>(
  files.map((f) => [
    f,
    importsOf(sources.get(f)!)
      .map(
        (spec) => ts.resolveModuleName(spec, f, options, ts.sys).resolvedModule?.resolvedFileName,
      )
      .filter((to): to is string => to !== undefined && sources.has(to)),
  ]),
);

/** The strongly connected components with more than one module, or a module importing itself. */
function cycles(): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.map(rel).sort());
    }
  };
  for (const f of files) if (!indexOf.has(f)) connect(f);
  return found;
}

/** A feature's public.ts is a list of re-exports by design (docs/architecture.md, "Features"). */
const isFeatureApi = (file: string) => /^src\/features\/[^/]+\/public\.ts$/.test(rel(file));

/** A module with no code of its own: only imports and re-exports. */
function isForwardingModule(source: ts.SourceFile): boolean {
  const statements = source.statements;
  return (
    statements.length > 0 &&
    statements.some((s) => ts.isExportDeclaration(s)) &&
    statements.every((s) => ts.isExportDeclaration(s) || ts.isImportDeclaration(s))
  );
}

/**
 * A method that only hands its call to the same method of something loaded first, as
 * `async create(input) { return (await writes()).create(input); }`: the split belongs in a port
 * of its own (src/data/use-cases/shared-ports.ts), which loads on its first use anyway.
 */
function forwardingMethods(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isMethodDeclaration(node) && node.body?.statements.length === 1) {
      const only = node.body.statements[0]!;
      const call = ts.isReturnStatement(only) ? only.expression : undefined;
      if (
        call &&
        ts.isCallExpression(call) &&
        ts.isPropertyAccessExpression(call.expression) &&
        call.expression.name.text === node.name.getText(source)
      ) {
        let target: ts.Expression = call.expression.expression;
        while (ts.isParenthesizedExpression(target)) target = target.expression;
        if (ts.isAwaitExpression(target)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${rel(source.fileName)}:${line + 1} ${node.name.getText(source)}`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the import graph of src', () => {
  it('reads the imports it should (a sanity check of the resolver)', () => {
    const shared = join(SRC, 'data/use-cases/shared-ports.ts');
    expect(graph.get(shared)).toContain(join(SRC, 'data/use-cases/events.ts'));
    expect(graph.get(join(SRC, 'app/deferred-backend.ts'))).toContain(shared);
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('has no forwarding stub: a module of re-exports only, or a method that forwards a call', () => {
    const stubs = files.filter((f) => !isFeatureApi(f) && isForwardingModule(sources.get(f)!));
    expect(stubs.map(rel)).toEqual([]);
    expect(files.flatMap((f) => forwardingMethods(sources.get(f)!))).toEqual([]);
  });
});
