import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadBackend()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173 },
  preview: { port: 4173 },
  build: { target: 'es2022', sourcemap: false },
});
