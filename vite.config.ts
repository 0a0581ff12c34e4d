import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './scripts/chunk-groups.ts';
import { hostingPreview, preloadList, prerender } from './scripts/prerender-plugin.ts';
import { firestoreOrigin } from './src/data/firebase/config.ts';
import { fileURLToPath, URL } from 'node:url';

/** Whether the build is the Firebase one (src/app/backend.ts: a web API key and a project). */
const isFirebaseBuild = (env: Record<string, string>) =>
  Boolean(env.VITE_FIREBASE_API_KEY && env.VITE_FIREBASE_PROJECT_ID);

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
        // A `*` of a source is one path segment, as Hosting's glob; such a function reads the
        // path (the series calendar's id), which the emulator passes on after its name.
        `^${r.source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}(\\?.*)?$`,
        {
          target,
          changeOrigin: true,
          rewrite: (path: string) =>
            `/${project}/us-central1/${r.function}${r.source.includes('*') ? path : ''}`,
        },
      ]),
  );
}

/**
 * A Firebase build's first page reads through Firestore's REST API (src/data/firebase/first-read/rest-backend.ts):
 * the page connects to that origin while its scripts download, not after.
 */
function firestorePreconnect(env: Record<string, string>): Plugin | null {
  if (!isFirebaseBuild(env)) return null;
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

/**
 * The service worker that lets a check-in screen opened earlier that day open again at a venue
 * without a signal (docs/fees.md "At the venue without a signal"): /sw.js, registered by the
 * check-in screens only (src/features/checkin/offline-shell.ts), never by a first page. It keeps
 * the built code (precached) and the pages opened (network first, the copy kept for a day);
 * it handles nothing else, so /api, Firestore and Auth traffic always goes to the network.
 */
function offlineShell(): Plugin[] {
  return VitePWA({
    injectRegister: false,
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['assets/**/*.{js,css}'],
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            url.origin === self.location.origin &&
            !url.pathname.startsWith('/api/') &&
            !url.pathname.startsWith('/calendar/') &&
            !url.pathname.startsWith('/__/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 20, maxAgeSeconds: 24 * 60 * 60 },
          },
        },
      ],
    },
  });
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
      offlineShell(),
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
        // Fewer, larger chunks for a first page (scripts/chunk-groups.ts).
        output: { codeSplitting: { groups: chunkGroups(isFirebaseBuild(env)) } },
      },
    },
  };
});
