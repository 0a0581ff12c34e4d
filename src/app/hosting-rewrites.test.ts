// @vitest-environment node
import { PRERENDERED } from './prerender';
import { buildRoutes, matchScreen, routePattern } from './routes';
import { cacheControlFor, globToRegExp, pageFor } from '../../scripts/hosting-rewrites.mjs';

/**
 * Which page Hosting serves for an address (firebase.json's cleanUrls and rewrites, read by
 * scripts/hosting-rewrites.mjs for `vite preview` and the measuring server too): each prerendered
 * screen at its own addresses, every other address the shell page that prerenders none.
 */
const build = new Set([
  ...PRERENDERED.map(({ file }) => `/${file}`),
  '/shell.html',
  '/robots.txt',
  '/assets/app.js',
]);
const hasFile = (path: string) => build.has(path);
const served = (path: string) => pageFor(path, hasFile) ?? path;
const routes = buildRoutes({ devRoutes: true });

describe('Hosting rewrites (firebase.json)', () => {
  it('reads globs as Hosting does: * within a segment, ** across them', () => {
    expect(globToRegExp('/events/*').test('/events/abc')).toBe(true);
    expect(globToRegExp('/events/*').test('/events/abc/edit')).toBe(false);
    expect(globToRegExp('**').test('/a/b/c')).toBe(true);
    expect(globToRegExp('/a.b').test('/aXb')).toBe(false);
  });

  it('serves each prerendered screen at the addresses of its route', () => {
    for (const { path, file, sample } of PRERENDERED) {
      const address = sample ? path.replace(/:\w+/, sample[0]) : path;
      expect(served(address), path).toBe(path === '/' ? '/' : `/${file}`);
      expect(routePattern(matchScreen(routes, address)), path).toBe(path);
    }
  });

  it('serves the shell to every other screen, the ones beside a prerendered pattern included', () => {
    for (const address of [
      '/messages',
      '/teams/create',
      '/profile/settings',
      '/events/seed-event-01/edit',
      '/dev/outbox',
      '/no/such/page',
    ]) {
      expect(served(address), address).toBe('/shell.html');
    }
  });

  it('leaves files and the Functions alone', () => {
    expect(pageFor('/robots.txt', hasFile)).toBeNull();
    expect(pageFor('/assets/app.js', hasFile)).toBeNull();
    expect(pageFor('/api/track-unread-message', hasFile)).toBeNull();
    expect(pageFor('/api/notifications/send-email', hasFile)).toBeNull();
  });

  it("gives the hashed scripts Hosting's year-long cache, the demo's pictures a day, and the pages no header of its own", () => {
    expect(cacheControlFor('/assets/app-Ab12.js')).toBe('public,max-age=31536000,immutable');
    // The demo's pictures (public/demo/) keep their names when drawn again.
    expect(cacheControlFor('/demo/sport-futsal.webp')).toBe('public,max-age=86400');
    expect(cacheControlFor('/login')).toBeNull();
    expect(cacheControlFor('/events/seed-event-01')).toBeNull();
  });
});
