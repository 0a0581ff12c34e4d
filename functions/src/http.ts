import type { HandlerRequest, HandlerResponse, Logger } from '../../mail/handlers/common.js';
import type { TextResponse } from '../../mail/handlers/series-calendar.js';

/** The parts of Express's request and response the adapter uses (so tests can fake them). */
export interface HttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  rawBody?: Buffer;
}

export interface HttpResponse {
  status(code: number): HttpResponse;
  set(field: string, value: string): HttpResponse;
  json(body: unknown): unknown;
  end(): unknown;
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/**
 * Which cross-origin callers may use the API. In production the app calls through Hosting's
 * rewrite, which is same-origin and needs no CORS at all; only the listed origins (the app's own
 * base URL, ALLOWED_ORIGINS) get CORS headers. Against the emulator the dev server on localhost
 * calls the Functions emulator's port directly, so local origins are allowed there only.
 */
export function originPolicy(opts: {
  appBaseUrl: string;
  extraOrigins: string[];
  allowLocalhost: boolean;
}) {
  const allowed = new Set<string>();
  for (const url of [opts.appBaseUrl, ...opts.extraOrigins]) {
    try {
      allowed.add(new URL(url).origin);
    } catch {
      // An unparsable entry allows nothing.
    }
  }
  return (origin: string): boolean =>
    allowed.has(origin) || (opts.allowLocalhost && LOCAL_ORIGIN.test(origin));
}

function firstHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * The JSON body: Functions parses application/json itself; a body sent under another content type
 * is parsed from the raw bytes. Anything unparsable becomes undefined and fails validation (400).
 */
export function readBody(req: HttpRequest): unknown {
  const body = req.body;
  if (body !== undefined && body !== null && typeof body === 'object' && !Buffer.isBuffer(body))
    return body;
  const text =
    typeof body === 'string'
      ? body
      : Buffer.isBuffer(body)
        ? body.toString('utf8')
        : req.rawBody?.toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Express (req, res) around a pure handler: CORS, preflight, JSON answers, and a 500 for a throw. */
export function httpHandler(
  handler: (req: HandlerRequest) => Promise<HandlerResponse>,
  opts: { isAllowedOrigin: (origin: string) => boolean; log: Logger; name: string },
) {
  return async (req: HttpRequest, res: HttpResponse): Promise<void> => {
    const origin = firstHeader(req.headers.origin);
    res.set('Vary', 'Origin');
    if (origin && opts.isAllowedOrigin(origin)) {
      res.set('Access-Control-Allow-Origin', origin);
    }
    if (req.method === 'OPTIONS') {
      if (origin && opts.isAllowedOrigin(origin)) {
        res.set('Access-Control-Allow-Methods', 'POST');
        res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        res.set('Access-Control-Max-Age', '3600');
      }
      res.status(204).end();
      return;
    }

    let response: HandlerResponse;
    try {
      response = await handler({ method: req.method, headers: req.headers, body: readBody(req) });
    } catch (e) {
      opts.log.error(`${opts.name} failed`, {
        reason: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
      response = { status: 500, body: { error: 'internal', message: 'Something went wrong.' } };
    }
    for (const [key, value] of Object.entries(response.headers ?? {})) res.set(key, value);
    res.status(response.status).json(response.body);
  };
}

/** What a GET function that answers text reads of Express's request and response. */
export interface TextHttpRequest {
  method: string;
  /** The path Hosting's rewrite (or the emulator, after the function's name) passes on. */
  path: string;
}

export interface TextHttpResponse {
  status(code: number): TextHttpResponse;
  set(field: string, value: string): TextHttpResponse;
  send(body: string): unknown;
  end(): unknown;
}

/**
 * Express (req, res) around a handler that answers text to anyone (the series calendar): no
 * CORS (a calendar app is no browser page), the handler's headers, no body for HEAD, and a 500
 * for a throw.
 */
export function textHandler(
  handler: (req: { method: string; path: string }) => Promise<TextResponse>,
  opts: { log: Logger; name: string },
) {
  return async (req: TextHttpRequest, res: TextHttpResponse): Promise<void> => {
    let response: TextResponse;
    try {
      response = await handler({ method: req.method, path: req.path });
    } catch (e) {
      opts.log.error(`${opts.name} failed`, {
        reason: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
      response = {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        text: 'Something went wrong.',
      };
    }
    for (const [key, value] of Object.entries(response.headers)) res.set(key, value);
    res.status(response.status);
    if (req.method === 'HEAD') res.end();
    else res.send(response.text);
  };
}
