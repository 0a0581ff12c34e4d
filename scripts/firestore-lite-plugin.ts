// The first-read backend's modules (a Vite plugin): src/data/firebase/first-read.ts builds the
// Firebase backend's ports on Firestore Lite, from the same modules as the full backend. Every
// module of src/data/firebase that it imports, directly or through another one, is loaded a
// second time under the id `<file>?firestore-lite`, in which 'firebase/firestore' is
// src/data/firebase/firestore-lite.ts (Firestore Lite under the full SDK's names). So the ports'
// code is written once, and the first page carries Firestore Lite instead of the full SDK
// (docs/first-page.md). Shared code outside src/data/firebase (the use cases, the domain) is
// loaded once for both.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const FIREBASE_DIR = fileURLToPath(new URL('../src/data/firebase/', import.meta.url));
const ROOT = `${FIREBASE_DIR}first-read.ts`;
const SHIM = `${FIREBASE_DIR}firestore-lite.ts`;
const MARK = '?firestore-lite';

const withoutQuery = (id: string) => id.replace(/[?#].*$/, '');

export function firestoreLite(): Plugin {
  return {
    name: 'firestore-lite',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const fromLite = importer.endsWith(MARK) || withoutQuery(importer) === ROOT;
      if (!fromLite) return null;
      if (source === 'firebase/firestore') return SHIM;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes('?')) return resolved;
      const inside = resolved.id.startsWith(FIREBASE_DIR) && resolved.id !== ROOT;
      return inside && resolved.id !== SHIM ? { ...resolved, id: resolved.id + MARK } : resolved;
    },
  };
}
