import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { hostingPreview, preloadList, prerender } from './scripts/prerender-plugin.ts';
import { firestoreOrigin } from './src/data/firebase/config.ts';
import { fileURLToPath, URL } from 'node:url';

/**
 * Fewer, larger chunks for a first page: each request costs a round trip on a slow mobile
 * connection. React, the router and TanStack Query go together (every page runs them), and so
 * does the domain and lib code that more than one screen uses, with the small UI building blocks
 * (BASE_UI) — but not what only writes need (the rules that decide writes, the form schemas,
 * image uploads, form drafts), relative times nor the event page's calendar links: those stay
 * with the screens and use cases that use them, off the first page of a visitor who only reads.
 * Packages stay where the automatic chunking puts them (zod, Dexie, react-hook-form).
 */

/** The small building blocks most screens draw with (not the forms, dialogs or pickers). */
const BASE_UI =
  /[\\/]src[\\/]components[\\/]ui[\\/](avatar|button|card-grid|cover-image|detail|load-error|load-more|page|panel-card|sign-in-to-join|spinner|status-pill)\.tsx$/;

const CHUNK_GROUPS = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
    priority: 3,
  },
  {
    // The Firebase build's way to a first page for a visitor nobody is signed in for (the staged
    // backend and its REST reader): always fetched together, so one chunk, not seven small ones.
    // (Its config, the early read's requests and the lists' queries are the entry's: src/main.tsx
    // starts that read. The storage interface's module is left out, as the queries use it.)
    name: 'first-read',
    test: /[\\/]src[\\/]data[\\/]firebase[\\/](load|staged-backend|stored-session|first-read|firestore-rest|api)\.ts$/,
    priority: 2,
    includeDependenciesRecursively: false,
  },
  {
    name: 'shared',
    test: (id: string) =>
      (/[\\/]src[\\/](domain|lib)[\\/]/.test(id) || BASE_UI.test(id)) &&
      !/relative-time|-form\.ts|[\\/]rules[\\/](?!standing)|image-upload|form-draft|action-runner|event-calendar|storage-keys|[\\/]constants\.ts|event-read-fields/.test(
        id,
      ),
    priority: 1,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
];

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

/**
 * A Firebase build's first page reads through Firestore's REST API (src/data/firebase/first-read.ts):
 * the page connects to that origin while its scripts download, not after.
 */
function firestorePreconnect(env: Record<string, string>): Plugin | null {
  if (!env.VITE_FIREBASE_API_KEY || !env.VITE_FIREBASE_PROJECT_ID) return null;
  const origin = firestoreOrigin({
    useEmulators: env.VITE_USE_FIREBASE_EMULATORS === 'true',
    emulatorHosts: { firestore: env.VITE_FIRESTORE_EMULATOR_HOST },
  });
  return {
    name: 'firestore-preconnect',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preconnect', href: origin, crossorigin: '' },
        injectTo: 'head',
      },
    ],
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const proxy = functionsRewrites(env);
  return {
    plugins: [
      react(),
      tailwindcss(),
      firestorePreconnect(env),
      preloadList(),
      prerender(),
      hostingPreview(),
    ],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // The mail module the Cloud Functions and the local backend share (renderer, decisions,
        // handlers; docs/mail.md).
        '@mail': fileURLToPath(new URL('./mail', import.meta.url)),
      },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      target: 'es2022',
      sourcemap: false,
      // The app preloads what a page needs itself (#root's data-preload, read by src/main.tsx);
      // Vite's helper would sit in a shared chunk the entry then has to fetch before it runs.
      modulePreload: false,
      rolldownOptions: {
        // Every exported constant is written where it is used: the entry's early read names the
        // storage interface's DOC_ID, which would otherwise be imported from that module's chunk,
        // a request the entry waits for (scripts/prerender-plugin.ts stops a build whose entry
        // imports any chunk).
        optimization: { inlineConst: { mode: 'all' } },
        output: { codeSplitting: { groups: CHUNK_GROUPS } },
      },
    },
  };
});
