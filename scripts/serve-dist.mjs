// A tiny static server for a build, for scripts that measure it: the pages firebase.json's
// cleanUrls and rewrites pick (hosting-rewrites.mjs), compressed as the browser accepts (Brotli,
// else gzip) and the hashed assets cached for good, as Firebase Hosting serves them, so transfer
// sizes and repeat loads are the production ones.
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { htmlRewrite } from './hosting-rewrites.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);

const ENCODE = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

/**
 * Serves `root` on 127.0.0.1 (a free port unless one is given). Every compressible file is
 * compressed before the server answers, as a CDN holds it ready: compressing a large chunk on
 * its first request would show as server time in a measurement.
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
  const server = createServer(async (req, res) => {
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
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: actual } = server.address();
      resolve({
        url: `http://127.0.0.1:${actual}`,
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}
