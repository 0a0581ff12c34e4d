// Which page Firebase Hosting serves for an address, read from firebase.json, so `vite preview`
// (scripts/prerender-plugin.ts) and the measuring server (serve-dist.mjs) serve the build the
// way production does: a file that exists as it is (with cleanUrls, /events is events.html),
// otherwise the first rewrite whose glob matches (a function rewrite is left to the caller).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

const { hosting } = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8'));

/** A Hosting glob as a regular expression: `**` any path, `*` one segment's characters. */
export function globToRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else re += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

const rules = hosting.rewrites.map((r) => ({ ...r, re: globToRegExp(r.source) }));

/**
 * The path to serve instead of `pathname`, or null to serve `pathname` itself (a file the build
 * has, or an address a function rewrite answers). `hasFile` says whether the build has a file
 * at a path ('/events.html').
 */
export function pageFor(pathname, hasFile) {
  if (pathname === '/' || hasFile(pathname)) return null;
  if (hosting.cleanUrls && hasFile(`${pathname}.html`)) return `${pathname}.html`;
  return rules.find((r) => r.re.test(pathname))?.destination ?? null;
}

/** pageFor over a build folder on disk. */
export function htmlRewrite(url, root) {
  const { pathname } = new URL(url, 'http://localhost');
  const inRoot = (path) => {
    const file = normalize(join(root, decodeURIComponent(path)));
    return file.startsWith(normalize(root)) && existsSync(file) && statSync(file).isFile();
  };
  return pageFor(pathname, inRoot);
}

const cacheRules = (hosting.headers ?? []).flatMap((h) =>
  h.headers
    .filter((x) => x.key.toLowerCase() === 'cache-control')
    .map((x) => ({ re: globToRegExp(h.source), value: x.value })),
);

/**
 * The Cache-Control header firebase.json gives `pathname` (the last matching rule's), or null.
 * Only that header: the others (the Content-Security-Policy) name production's origins, not the
 * emulators'.
 */
export function cacheControlFor(pathname) {
  return cacheRules.findLast((r) => r.re.test(pathname))?.value ?? null;
}
