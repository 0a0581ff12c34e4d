import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import zones of src, of the shared mail module and of the Cloud Functions
 * (docs/architecture.md), judged on the resolved path of every import, so a relative import
 * (`../../data/local/db`) is treated exactly like its `@/` (or `@mail/`, `@functions/`) spelling.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(ROOT, 'src');

/** The path aliases of tsconfig and vite, resolved as the compilers do. */
const ALIASES = {
  '@/': SRC,
  '@mail/': path.join(ROOT, 'mail'),
  '@functions/': path.join(ROOT, 'functions', 'src'),
};

/** What each zone may import besides itself; features are handled apart. */
const ALLOWED = {
  domain: [],
  // The mail module (top-level mail/) is shared by the Functions and the local backend, which
  // runs the handlers; the ports take the handlers' body types. The Functions' own code
  // (functions/src: the HTTP adapter, Firestore and Auth reads, the transport) is theirs alone.
  mail: ['domain'],
  functions: ['mail'],
  'data/ports': ['domain', 'mail'],
  'data/demo': ['domain'],
  'data/storage': [],
  'data/use-cases': ['domain', 'data/ports', 'data/storage', 'lib'],
  'data/local': [
    'domain',
    'data/ports',
    'data/demo',
    'data/storage',
    'data/use-cases',
    'lib',
    'mail',
  ],
  'data/firebase': ['domain', 'data/ports', 'data/storage', 'data/use-cases', 'lib'],
  lib: ['domain', 'data/ports', 'components'],
  components: ['domain', 'data/ports', 'lib'],
  features: ['domain', 'data/ports', 'lib', 'components'],
};

/**
 * What a zone may import for its types only (`import type`, erased from the build): the ports
 * both backends share are the use cases' own types, so the port adds no code of its own and a
 * screen's "go to definition" reaches the use case.
 */
const TYPES_ONLY = {
  'data/ports': ['data/use-cases'],
};

/** Zones that compose everything: the shell, the entry point and the test helpers. */
const ANYTHING = new Set(['app', 'test', 'root']);

/** The one file through which a feature offers something to the others. */
const PUBLIC_ENTRY = 'public';

/** Where an absolute path lies: its zone, and for a feature its name and the rest of the path. */
export function locate(file) {
  const inRoot = path.relative(ROOT, file).split(path.sep);
  if (inRoot[0] === 'mail') return { zone: 'mail' };
  if (inRoot[0] === 'functions' && inRoot[1] === 'src') return { zone: 'functions' };
  const rel = path.relative(SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) return { zone: 'root' };
  if (parts[0] === 'features') {
    return { zone: 'features', feature: parts[1], rest: parts.slice(2).join('/') };
  }
  if (parts[0] === 'data') return { zone: `data/${parts[1]}` };
  return { zone: parts[0] };
}

function resolveSpecifier(specifier, importer) {
  for (const [alias, dir] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return path.join(dir, specifier.slice(alias.length));
  }
  if (specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier)) {
    return path.resolve(path.dirname(importer), specifier);
  }
  return null; // a package: no-restricted-imports limits those per zone
}

const withoutExtension = (p) => p.replace(/\.(tsx?|jsx?|mjs)$/, '');

const isTestFile = (file) => /\.test\.tsx?$/.test(file);

/** Whether every name the statement brings in is a type (`import type`, `export type`). */
const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

/** Null when the import is allowed, else the reason. */
function refusal(from, to, importer, node) {
  if (ANYTHING.has(from.zone)) return null;
  // Tests anywhere may use the shared test helpers (src/test) and the demo data.
  if (isTestFile(importer) && (to.zone === 'test' || to.zone === 'data/demo')) return null;
  if (from.zone === 'features' && to.zone === 'features') {
    if (to.feature === from.feature) return null;
    if (withoutExtension(to.rest) === PUBLIC_ENTRY) return null;
    return `features/${from.feature} may use features/${to.feature} only through features/${to.feature}/public.ts; what two features share belongs in src/components or src/lib.`;
  }
  if (to.zone === from.zone) return null;
  const allowed = ALLOWED[from.zone];
  if (!allowed || allowed.includes(to.zone)) return null;
  const target = to.zone === 'features' ? `features/${to.feature}` : to.zone;
  if (TYPES_ONLY[from.zone]?.includes(to.zone)) {
    if (typeOnly(node)) return null;
    return `${from.zone} may import ${target} for its types only (import type).`;
  }
  return `${from.zone} may not import ${target} (docs/architecture.md, "Layers").`;
}

const zones = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the allowed zones of src, whatever their spelling' },
    schema: [],
    messages: { refused: '{{reason}}' },
  },
  create(context) {
    const filename = path.resolve(context.filename);
    const from = locate(filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpecifier(source.value, filename);
      const to = target && locate(target);
      if (!to) return;
      const reason = refusal(from, to, filename, node);
      if (reason) context.report({ node: source, messageId: 'refused', data: { reason } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { zones } };
