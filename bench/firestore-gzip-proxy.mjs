// The Firestore emulator's REST answers as Google's front end sends Firestore's, for the Firebase
// build's benchmark (bench/firebase-env.sh): the emulator answers JSON uncompressed
// whatever the browser accepts (4,335 bytes for a page of events that gzip makes 805), where
// firestore.googleapis.com sends it gzip-compressed to a browser that accepts gzip. Both are
// pretty-printed JSON; only the compression is added here. Everything else passes through as it
// comes, streamed: the full SDK's listen and write channels, CORS preflights, errors.
//
//   node bench/firestore-gzip-proxy.mjs <listen port> <emulator host:port>
import { createServer, request } from 'node:http';
import { createGzip } from 'node:zlib';

const [port, target] = process.argv.slice(2);
if (!port || !target) {
  console.error('usage: node bench/firestore-gzip-proxy.mjs <listen port> <emulator host:port>');
  process.exit(2);
}
const [targetHost, targetPort] = target.split(':');

/** A REST answer the front end would compress: JSON, not one of the SDK's streaming channels. */
function compressible(req, upstream) {
  return (
    /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') &&
    /^application\/json\b/.test(upstream.headers['content-type'] ?? '') &&
    !upstream.headers['content-encoding'] &&
    !req.url.includes('/channel')
  );
}

createServer((req, res) => {
  const forward = request(
    {
      host: targetHost,
      port: Number(targetPort),
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target },
      // A connection per request: Node keeps connections alive by default, and the emulator
      // closes idle ones, so a request sent on one it had just closed failed with ECONNRESET
      // (the SDK's listen and write channels, on most signed-in pages).
      agent: false,
    },
    (upstream) => {
      if (!compressible(req, upstream)) {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
        return;
      }
      const headers = { ...upstream.headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
      delete headers['content-length'];
      res.writeHead(upstream.statusCode ?? 502, headers);
      upstream.pipe(createGzip()).pipe(res);
    },
  );
  forward.on('error', (e) => {
    if (res.destroyed) return; // the browser left first (below)
    console.error(
      `firestore-gzip-proxy: ${req.method} ${req.url.slice(0, 80)}: ${e.code ?? ''} ${e.message}`,
    );
    // With the browser's origin allowed, so the page sees a failed request and not a CORS error.
    if (!res.headersSent)
      res.writeHead(502, {
        'content-type': 'text/plain',
        'access-control-allow-origin': req.headers.origin ?? '*',
      });
    res.end(`firestore-gzip-proxy: ${e.message}`);
  });
  // A request the browser gave up on (a page left, a long poll ended) ends upstream too.
  res.on('close', () => forward.destroy());
  req.pipe(forward);
}).listen(Number(port), '127.0.0.1', () => {
  console.log(`firestore-gzip-proxy: 127.0.0.1:${port} → ${target}`);
});
