import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { hostingPreview, preloadList, prerender } from './scripts/prerender-plugin.ts';
import { firestoreOrigin } from './src/data/firebase/config.ts';
import { fileURLToPath, URL } from 'node:url';

/**
 * Fewer, larger chunks for a first page: each request costs a round trip on a slow mobile
 * connection, and each script the entry asks for costs the main thread 1–3 ms to start on a slow
 * machine (docs/first-page.md). React, the router and TanStack Query go together (every page runs
 * them), and so does the domain and lib code that more than one screen uses, with the small UI
 * building blocks (BASE_UI), zod and what every page's start reads (the session, the use cases'
 * context) — but not what only writes need (the rules that decide writes, the form schemas, image
 * uploads, form drafts), relative times nor the event page's calendar links: those stay with the
 * screens and use cases that use them, off the first page of a visitor who only reads. The reads
 * that several first pages share go in one chunk each (an event's, a profile's, the parts of a
 * detail page) instead of one small chunk per module. Packages other than zod stay where the
 * automatic chunking puts them (Dexie, react-hook-form).
 */

/** The small building blocks most screens draw with (not the forms, dialogs or pickers). */
const BASE_UI =
  /[\\/]src[\\/]components[\\/]ui[\\/](avatar|button|card-grid|cover-image|detail|load-error|load-more|page|panel-card|sign-in-to-join|spinner|status-pill)\.tsx$/;

/** A test for the modules at these paths under src/ ('data/use-cases/events': .ts or .tsx). */
function srcModules(...paths: string[]): (id: string) => boolean {
  const alternatives = paths.map((p) => p.replaceAll('/', '[\\\\/]')).join('|');
  const pattern = new RegExp(`[\\\\/]src[\\\\/](${alternatives})\\.tsx?$`);
  return (id) => pattern.test(id);
}

/** What every page's start reads besides the domain and lib code. */
const START_READS = srcModules(
  'data/use-cases/context',
  'features/auth/record-login',
  'features/auth/registration',
  'features/auth/session',
);

/**
 * What the Firebase build's entry holds for its early read (src/main.tsx), and the local build's
 * start reads from chunks of their own otherwise: the lists' queries, the cursors, the storage
 * keys (with the local storage adapter's base64 and date-fns's toDate, which it uses).
 */
const ENTRY_READS = srcModules(
  'data/use-cases/list-queries',
  'domain/entities/event-read-fields',
  'data/storage/cursor',
  'lib/storage-keys',
  'data/local/base64',
);
const DATE_FNS_TO_DATE = /node_modules[\\/]date-fns[\\/](toDate|constructFrom|constants)\.js$/;

/** The chunk groups of a build; `firebase`: the Firebase build (its entry reads early). */
const chunkGroups = (firebase: boolean) => [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
    priority: 3,
  },
  {
    // The Firebase build's way to a first page for a visitor nobody is signed in for (the staged
    // backend and its REST reader): always fetched together, so one chunk, not seven small ones.
    // (Its config, the early read's requests and the lists' queries are the entry's: src/main.tsx
    // starts that read: the document id's name and the lists' page sizes are modules of their
    // own for it, src/data/storage/doc-id.ts and src/domain/list-page-sizes.ts. Were the entry's
    // queries to import the storage interface or the domain's constants, grouping those would
    // take the entry's modules into a chunk the entry imports, which the build refuses.)
    name: 'first-read',
    test: srcModules(
      'data/firebase/load',
      'data/firebase/staged-backend',
      'data/firebase/stored-session',
      'data/firebase/first-read',
      'data/firebase/firestore-rest',
      'data/firebase/api',
    ),
    priority: 2,
    includeDependenciesRecursively: false,
  },
  {
    // The home page, the event list, the event page and a profile read events.
    name: 'event-reads',
    test: srcModules(
      'data/use-cases/events',
      'features/events/event-queries',
      'features/events/use-event-list',
      'features/events/components/event-card',
      'features/events/components/icons',
      'features/events/components/status-badge',
    ),
    priority: 2,
    includeDependenciesRecursively: false,
  },
  {
    // What the pages of an event, a team and a person show beside their own content.
    name: 'detail-parts',
    test: srcModules(
      'components/ui/linked-text',
      'features/admin/report-button',
      'features/messages/start-conversation-button',
    ),
    priority: 2,
    includeDependenciesRecursively: false,
  },
  {
    // A person's public profile and one's own read the same.
    name: 'profile-reads',
    test: srcModules(
      'data/use-cases/users',
      'features/attendance/attendance-queries',
      'features/profile/profile-queries',
      'features/profile/components/event-rows',
      'features/profile/components/profile-facts',
      'features/profile/components/profile-summary',
      'components/ui/load-more-button',
      'features/profile/components/inline-retry',
    ),
    priority: 2,
    includeDependenciesRecursively: false,
  },
  {
    // The sign-in, registration and password pages' common parts.
    name: 'account-forms',
    test: srcModules(
      'features/auth/auth-actions',
      'features/auth/auth-errors',
      'features/auth/form-fields',
      'features/auth/sign-up',
    ),
    priority: 2,
    includeDependenciesRecursively: false,
  },
  {
    name: 'shared',
    test: (id: string) =>
      ((/[\\/]src[\\/](domain|lib)[\\/]/.test(id) || BASE_UI.test(id)) &&
        !/relative-time|-form\.ts|[\\/]rules[\\/](?!standing)|image-upload|form-draft|action-runner|event-calendar|storage-keys|list-page-sizes|event-read-fields|[\\/]domain[\\/](fees|check-in)\.ts/.test(
          id,
        )) ||
      START_READS(id) ||
      /[\\/]src[\\/]data[\\/]storage[\\/]storage\.ts$/.test(id) ||
      /node_modules[\\/]zod[\\/]/.test(id) ||
      // The Firebase build's entry holds these itself: grouped, they would leave it (see
      // first-read above).
      (!firebase && (ENTRY_READS(id) || DATE_FNS_TO_DATE.test(id))),
    priority: 1,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
];

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
        output: { codeSplitting: { groups: chunkGroups(isFirebaseBuild(env)) } },
      },
    },
  };
});
