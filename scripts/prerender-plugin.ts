// The build's prerender step (a Vite plugin, build only): once the client bundle is written, it
// builds src/app/prerender.tsx for Node, renders the first frame of each public screen and
// writes one HTML page per screen into the build, with that markup in #root (src/app/start.tsx
// hydrates it) and the screen's code in #root's preload list (src/main.tsx). Hosting serves the
// pages by firebase.json's cleanUrls and rewrites, and so does `vite preview` (hostingPreview,
// below, through hosting-rewrites.mjs). preloadList, below, writes every page's preload list.
// docs/first-page.md tells the whole story.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { cacheControlFor, htmlRewrite } from './hosting-rewrites.mjs';

interface PrerenderModule {
  PRERENDERED: { path: string; file: string; sample?: [string, string] }[];
  WAITING_CONTROL: string;
  renderPage(
    path: string,
    sample?: [string, string],
  ): Promise<{ html: string; route: string; modules: string[] }>;
}

/** The page every other address gets (firebase.json's last rewrite): no screen prerendered. */
const SHELL_PAGE = 'shell.html';

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');

/** A chunk and every chunk it imports statically. */
function closure(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, into);
  return into;
}

/**
 * The entry (src/main.tsx) only decides when the app starts: after a prerendered page's first
 * paint it loads src/app/start.tsx, which loads the backend (src/app/backend.ts; a dynamic import,
 * so a build carries one backend). #root's data-preload lists what every page needs beyond the
 * entry: those modules' chunks and the chunks they import (the prerender adds the screen's).
 * The entry preloads them all at once when it starts the app, so they download side by side
 * instead of one import after another — and only after the page has painted from its HTML.
 * Of the local backend's own dynamic imports (src/data/local/create-local-backend.ts) the list
 * holds the demo data's writer, which a first visit needs before anything shows; the use cases a
 * page's screen reads first are in that page's own list (src/app/prerender.tsx, `reads`).
 */
/** The modules named above, by their path under src/ (tests/lint/chunk-groups.test.ts checks them). */
export const PRELOADED = [
  'app/start',
  'data/local/create-local-backend',
  'data/firebase/open-backend',
  'data/firebase/first-read/rest-backend',
  'data/local/seed',
];
const PRELOADED_IDS = PRELOADED.map((p) => new RegExp(`/src/${p}\\.tsx?$`));

export function preloadList(): Plugin {
  return {
    name: 'preload-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      // A chunk the entry imports would be asked for only once the entry has arrived, and the
      // entry (with the Firebase build's early read) would wait for it. What the entry uses
      // belongs in its own chunk: out of the chunk groups (scripts/chunk-groups.ts), and imported by no module in
      // them (the bundler keeps a module a group's chunk imports out of the entry's chunk).
      // The page's entry chunk: index.html's (its facade), holding src/main.tsx. (The prerender's
      // own build, for Node, has none.)
      const entry = chunksOf(bundle).find(
        (c) => c.isEntry && /[\\/]index\.html$/.test(c.facadeModuleId ?? ''),
      );
      if (entry && !entry.moduleIds.some((id) => /[\\/]src[\\/]main\.tsx$/.test(id))) {
        this.error(`the entry ${entry.fileName} does not hold src/main.tsx`);
      }
      if (entry?.imports.length) {
        this.error(`the entry imports ${entry.imports.join(', ')}: it must import no chunk`);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const wanted = new Set<string>();
        for (const c of chunksOf(bundle)) {
          // A module of the list may share its chunk with others (scripts/chunk-groups.ts).
          if (c.moduleIds.some((id) => PRELOADED_IDS.some((re) => re.test(id)))) {
            closure(bundle, c.fileName, wanted);
          }
        }
        // Not the entry itself: the page's own <script> has fetched it (the app's chunks import
        // helpers from it), and a link for it would cost the main thread for nothing.
        for (const c of chunksOf(bundle)) if (c.isEntry) wanted.delete(c.fileName);
        const list = [...wanted].map((file) => `/${file}`).join(' ');
        return html.replace(
          '<div id="root"></div>',
          `<div id="root" data-preload="${list}"></div>`,
        );
      },
    },
  };
}

/**
 * Form controls wait for the app: typed before React has taken the page over, text would be
 * replaced by the form's own values, and a button could submit a form natively (a sign-in's
 * fields in the address). They come disabled and marked with `mark`; the app (src/app/app.tsx)
 * enables the marked ones once the page is its own.
 */
function disableControls(html: string, mark: string): string {
  return html.replace(
    /<(input|select|textarea|button)\b([^>]*)>/g,
    (tag, name: string, attrs: string) =>
      /\sdisabled(=|\s|$)/.test(attrs) ? tag : `<${name} disabled="" ${mark}=""${attrs}>`,
  );
}

function checkMarkup(path: string, html: string) {
  // firebase.json's Content-Security-Policy allows no inline script or style attribute.
  if (/<script/i.test(html)) throw new Error(`prerender ${path}: the markup holds a script`);
  if (/\sstyle="/i.test(html)) throw new Error(`prerender ${path}: the markup holds a style`);
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  let bundle: OutputBundle | null = null;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (config.build.ssr || !bundle) return;
      const outDir = resolve(config.root, config.build.outDir);
      // Inside the project, so the server build finds the packages it leaves external.
      const tmp = resolve(config.root, 'node_modules/.tmp');
      await mkdir(tmp, { recursive: true });
      const serverDir = await mkdtemp(join(tmp, 'prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: resolve(config.root, 'src/app/prerender.tsx'),
            outDir: serverDir,
            emptyOutDir: true,
            copyPublicDir: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const server = (await import(
          pathToFileURL(join(serverDir, 'prerender.mjs')).href
        )) as PrerenderModule;

        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        const root = template.match(/<div id="root" data-preload="([^"]*)"><\/div>/);
        if (!root) throw new Error('index.html: no #root with its preload list');
        const chunks = chunksOf(bundle);
        const entry = chunks.find((c) => c.isEntry);
        const loaded = entry ? closure(bundle, entry.fileName) : new Set<string>();
        for (const file of root[1]!.split(' ')) loaded.add(file.slice(1));
        /** The page's preload list: every page's, and the chunks of its screens. */
        const preloadsFor = (modules: string[]) => {
          const files = new Set<string>();
          for (const module of modules) {
            const id = resolve(config.root, `.${module}`);
            const chunk =
              chunks.find((c) => c.facadeModuleId === id) ??
              chunks.find((c) => c.moduleIds.includes(id));
            if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
            closure(bundle!, chunk.fileName, files);
          }
          const own = [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
          return [root[1], ...own].join(' ');
        };

        await writeFile(join(outDir, SHELL_PAGE), template);
        for (const { path, file, sample } of server.PRERENDERED) {
          const page = await server.renderPage(path, sample);
          checkMarkup(path, page.html);
          // React puts resource hints (an image's preload) before the markup; they belong in
          // the head, and #root must hold only what React hydrates.
          const hints = page.html.match(/^(<link [^>]*>)*/)![0];
          const html = template
            .replace('</head>', `${hints}</head>`)
            .replace(
              root[0],
              `<div id="root" data-route="${page.route}"` +
                ` data-preload="${preloadsFor(page.modules)}">` +
                `${disableControls(page.html.slice(hints.length), server.WAITING_CONTROL)}</div>`,
            );
          const target = join(outDir, file);
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, html);
        }
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * `vite preview` serves the build as Hosting does: a file that exists as it is; otherwise the
 * first matching rewrite of firebase.json names the page (hosting-rewrites.mjs). The hashed
 * scripts carry firebase.json's Cache-Control, so a browser asks for them once, not again on
 * every page it opens (vite's own answer is no-cache: ~40 revalidations a page).
 */
export function hostingPreview(): Plugin {
  let outDir = 'dist';
  return {
    name: 'hosting-preview',
    configResolved(resolved) {
      outDir = resolve(resolved.root, resolved.build.outDir);
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const cacheControl = cacheControlFor(new URL(req.url ?? '/', 'http://localhost').pathname);
        if (cacheControl) res.setHeader('Cache-Control', cacheControl);
        const target = htmlRewrite(req.url ?? '/', outDir);
        if (target) req.url = target;
        next();
      });
    },
  };
}
