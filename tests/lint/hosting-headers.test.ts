// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Hosting response headers in firebase.json (docs/security.md "Hosting headers"): a
 * Content-Security-Policy strict enough for this SPA, and no framing.
 */
interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

const firebaseJson = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
  hosting: { headers: HeaderRule[] };
};

/** The headers Hosting sends for every path (source "**"). */
function headersForEveryPath(): Map<string, string> {
  const rule = firebaseJson.hosting.headers.find((h) => h.source === '**');
  return new Map((rule?.headers ?? []).map((h) => [h.key.toLowerCase(), h.value]));
}

function csp(): Map<string, string[]> {
  const value = headersForEveryPath().get('content-security-policy') ?? '';
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Inline <script> elements (without src) in an HTML document. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attrs]) => !/\bsrc\s*=/.test(attrs ?? ''))
    .map(([whole]) => whole);
}

describe('Hosting headers (firebase.json)', () => {
  it('forbids framing: frame-ancestors none and X-Frame-Options DENY', () => {
    expect(csp().get('frame-ancestors')).toEqual(["'none'"]);
    expect(headersForEveryPath().get('x-frame-options')).toBe('DENY');
    expect(headersForEveryPath().get('x-content-type-options')).toBe('nosniff');
  });

  it('runs only the app’s own scripts: no inline, no eval, no other origin', () => {
    const d = csp();
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    for (const [name, sources] of d) {
      expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain('*');
      expect(sources, name).not.toContain('https:');
      expect(sources, name).not.toContain('http:');
    }
  });

  it('lets the app reach Firebase Auth, Firestore and Storage, and nothing else', () => {
    expect(new Set(csp().get('connect-src'))).toEqual(
      new Set([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://firestore.googleapis.com',
        'https://firebasestorage.googleapis.com',
      ]),
    );
  });

  it('shows images from the app, Storage, and data:/blob: previews only', () => {
    expect(new Set(csp().get('img-src'))).toEqual(
      new Set(["'self'", 'data:', 'blob:', 'https://firebasestorage.googleapis.com']),
    );
  });

  it('applies to every path, the SPA’s index.html included', () => {
    const rule = firebaseJson.hosting.headers.find((h) => h.source === '**');
    expect(rule?.headers.map((h) => h.key)).toEqual(
      expect.arrayContaining(['Content-Security-Policy', 'X-Frame-Options']),
    );
  });

  it('asks again for the service worker on every visit, so a new build reaches the venue', () => {
    const rule = firebaseJson.hosting.headers.find((h) => h.source === '/sw.js');
    expect(rule?.headers).toEqual([{ key: 'Cache-Control', value: 'no-cache' }]);
    // The worker is a script of the app's own origin, which the policy's worker-src allows.
    expect(csp().get('worker-src')).toContain("'self'");
  });

  it('needs no inline script: index.html (and the build, when there is one) has none', () => {
    expect(inlineScripts(readFileSync('index.html', 'utf8'))).toEqual([]);
    if (existsSync('dist/index.html')) {
      expect(inlineScripts(readFileSync('dist/index.html', 'utf8'))).toEqual([]);
    }
    // The helper does see one.
    expect(inlineScripts('<script>alert(1)</script><script src="/a.js"></script>')).toHaveLength(1);
  });
});
