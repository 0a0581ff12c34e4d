// A tiny static server for a build, for scripts that measure it: the pages firebase.json's
// cleanUrls and rewrites pick (hosting-rewrites.mjs), compressed as the browser accepts (Brotli,
// else gzip), the hashed assets cached for good, and over HTTP/2, as Firebase Hosting serves
// them, so transfer sizes, request costs and repeat loads are the production ones.
//
// Browsers speak HTTP/2 only over TLS: the server makes itself a certificate for 127.0.0.1 with
// openssl, and the browsers that measure accept it (INSECURE_CERTS_FLAG for Chromium's own
// command line, ignoreHTTPSErrors for Playwright). Without openssl it serves HTTP/1.1 and says
// so: requests then cost more than in production, and the figures are not comparable.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { htmlRewrite } from './hosting-rewrites.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

const ENCODE = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

/** What Chromium needs on its command line to load pages from this server. */
export const INSECURE_CERTS_FLAG = '--ignore-certificate-errors';

/** A throwaway key and certificate for 127.0.0.1, or null without openssl. */
async function localCertificate() {
  const dir = await mkdtemp(join(tmpdir(), 'serve-dist-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1'],
        ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    return {
      key: await readFile(join(dir, 'key.pem')),
      cert: await readFile(join(dir, 'cert.pem')),
    };
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Serves `root` on 127.0.0.1 (a free port unless one is given), over HTTP/2 when it can (see
 * above; `protocol` in the answer says which). Every compressible file is compressed before the
 * server answers, as a CDN holds it ready: compressing a large chunk on its first request would
 * show as server time in a measurement.
 */
export async function serveDist(root = 'dist', port = 0) {
  const compressed = new Map();
  for (const entry of await readdir(root, { recursive: true })) {
    const file = join(root, entry);
    if (!COMPRESSIBLE.has(extname(file)) || !(await stat(file)).isFile()) continue;
    const body = await readFile(file);
    for (const [encoding, encode] of Object.entries(ENCODE)) {
      compressed.set(`${encoding}:${normalize(file)}`, encode(body));
    }
  }
  const handle = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = htmlRewrite(url.pathname, root) ?? url.pathname;
    let file = normalize(join(root, decodeURIComponent(path)));
    if (!file.startsWith(normalize(root))) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error('dir');
    } catch {
      file = join(root, 'index.html');
    }
    const ext = extname(file);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': url.pathname.startsWith('/assets/')
        ? 'public,max-age=31536000,immutable'
        : 'no-cache',
    };
    let body = await readFile(file);
    const accepts = req.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (COMPRESSIBLE.has(ext) && encoding) {
      const key = `${encoding}:${normalize(file)}`;
      if (!compressed.has(key)) compressed.set(key, ENCODE[encoding](body));
      body = compressed.get(key);
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
    }
    res.writeHead(200, headers);
    res.end(body);
  };
  const certificate = await localCertificate();
  const server = certificate
    ? createSecureServer({ ...certificate, allowHTTP1: true }, handle)
    : createServer(handle);
  if (!certificate) console.warn('serve-dist: no openssl, so HTTP/1.1 (production is HTTP/2)');
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address();
      resolve({
        url: `${certificate ? 'https' : 'http'}://127.0.0.1:${actual}`,
        protocol: certificate ? 'HTTP/2' : 'HTTP/1.1',
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}
