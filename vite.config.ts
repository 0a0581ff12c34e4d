import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

/**
 * The backend is loaded with a dynamic import (src/app/backend.ts) so a build carries one backend
 * only, but every page needs it: index.html asks for its chunk and the chunks that one imports
 * (zod, Dexie or the Firebase SDK) with modulepreload, so they download while the entry does
 * instead of after it has run.
 */
function preloadBackend(): Plugin {
  return {
    name: 'preload-backend',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.isEntry);
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        };
        // What the entry loads statically, Vite already preloads.
        const loaded = new Set<string>();
        if (entry) closure(entry.fileName, loaded);
        const backend = new Set<string>();
        for (const c of chunks) {
          if (/\/src\/data\/\w+\/create-\w+-backend\.ts$/.test(c.facadeModuleId ?? '')) {
            closure(c.fileName, backend);
          }
        }
        return [...backend]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * Against the emulators, the dev server and the preview rewrite the /api paths to the Functions
 * emulator the way Hosting rewrites them to the functions in production (firebase.json's
 * rewrites, region us-central1), so the app calls its own origin on every setup.
 * FUNCTIONS_EMULATOR_HOST says where the emulator listens (default firebase.json's port).
 */
function functionsRewrites(env: Record<string, string>): Record<string, ProxyOptions> | undefined {
  if (env.VITE_USE_FIREBASE_EMULATORS !== 'true') return undefined;
  const firebaseJson = new URL('./firebase.json', import.meta.url);
  const { hosting } = JSON.parse(readFileSync(firebaseJson, 'utf8')) as {
    hosting: { rewrites: { source: string; function?: string }[] };
  };
  const target = `http://${env.FUNCTIONS_EMULATOR_HOST || '127.0.0.1:5001'}`;
  const project = env.VITE_FIREBASE_PROJECT_ID;
  return Object.fromEntries(
    hosting.rewrites
      .filter((r) => r.function)
      .map((r) => [
        `^${r.source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`,
        { target, changeOrigin: true, rewrite: () => `/${project}/us-central1/${r.function}` },
      ]),
  );
}

export default defineConfig(({ mode }) => {
  const proxy = functionsRewrites(loadEnv(mode, process.cwd(), ''));
  return {
    plugins: [react(), tailwindcss(), preloadBackend()],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // The pure mail modules of the Cloud Functions (renderer, decisions, handlers), which the
        // local backend runs too (docs/mail.md).
        '@functions': fileURLToPath(new URL('./functions/src', import.meta.url)),
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: { target: 'es2022', sourcemap: false },
  };
});
