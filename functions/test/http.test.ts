import { describe, expect, it } from 'vitest';
import type { HandlerRequest, HandlerResponse, Logger } from '../../mail/handlers/common.js';
import { httpHandler, originPolicy, readBody, textHandler, type HttpRequest } from '../src/http.js';

function fakeResponse() {
  const out = {
    status: 0,
    headers: {} as Record<string, string>,
    body: undefined as unknown,
    ended: false,
  };
  const res = {
    status(code: number) {
      out.status = code;
      return res;
    },
    set(field: string, value: string) {
      out.headers[field] = value;
      return res;
    },
    json(body: unknown) {
      out.body = body;
      out.ended = true;
    },
    send(body: string) {
      out.body = body;
      out.ended = true;
    },
    end() {
      out.ended = true;
    },
  };
  return { res, out };
}

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const allowApp = originPolicy({
  appBaseUrl: 'https://sports.example.jp/',
  extraOrigins: [],
  allowLocalhost: true,
});

describe('originPolicy', () => {
  it('allows the app’s own origin and listed origins', () => {
    const allowed = originPolicy({
      appBaseUrl: 'https://sports.example.jp/path',
      extraOrigins: ['https://preview.example.jp', 'not a url'],
      allowLocalhost: false,
    });
    expect(allowed('https://sports.example.jp')).toBe(true);
    expect(allowed('https://preview.example.jp')).toBe(true);
    expect(allowed('https://evil.example')).toBe(false);
    expect(allowed('http://localhost:5173')).toBe(false);
  });

  it('allows local dev origins only when asked (the emulator)', () => {
    const dev = originPolicy({
      appBaseUrl: 'https://sports.example.jp',
      extraOrigins: [],
      allowLocalhost: true,
    });
    expect(dev('http://localhost:5173')).toBe(true);
    expect(dev('http://127.0.0.1:4173')).toBe(true);
    expect(dev('http://localhost.evil.example')).toBe(false);
    expect(dev('http://evil.example/?http://localhost')).toBe(false);
  });
});

describe('readBody', () => {
  const req = (body: unknown, rawBody?: string): HttpRequest => ({
    method: 'POST',
    headers: {},
    body,
    rawBody: rawBody === undefined ? undefined : Buffer.from(rawBody),
  });

  it('passes a parsed JSON object through', () => {
    expect(readBody(req({ a: 1 }))).toEqual({ a: 1 });
  });

  it('parses JSON sent under another content type', () => {
    expect(readBody(req('{"a":1}'))).toEqual({ a: 1 });
    expect(readBody(req(Buffer.from('{"a":2}')))).toEqual({ a: 2 });
    expect(readBody(req(undefined, '{"a":3}'))).toEqual({ a: 3 });
  });

  it('turns unparsable bodies into undefined', () => {
    expect(readBody(req('{oops'))).toBeUndefined();
    expect(readBody(req(undefined))).toBeUndefined();
  });
});

describe('httpHandler', () => {
  const ok = async (r: HandlerRequest): Promise<HandlerResponse> => ({
    status: 200,
    body: { echo: r.body as Record<string, unknown>, auth: r.headers.authorization ?? null },
  });

  it('answers a preflight from an allowed origin with the CORS headers and without calling the handler', async () => {
    let called = false;
    const fn = httpHandler(async (r) => ((called = true), ok(r)), {
      isAllowedOrigin: allowApp,
      log: silent,
      name: 't',
    });
    const { res, out } = fakeResponse();
    await fn({ method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } }, res);
    expect(out.status).toBe(204);
    expect(out.headers).toMatchObject({
      'Access-Control-Allow-Origin': 'http://localhost:5173',
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    });
    expect(called).toBe(false);
  });

  it('gives no CORS headers to another origin', async () => {
    const fn = httpHandler(ok, { isAllowedOrigin: allowApp, log: silent, name: 't' });
    const { res, out } = fakeResponse();
    await fn({ method: 'OPTIONS', headers: { origin: 'https://evil.example' } }, res);
    expect(out.headers['Access-Control-Allow-Origin']).toBeUndefined();
    expect(out.headers['Access-Control-Allow-Headers']).toBeUndefined();
  });

  it('passes method, headers and body to the handler and writes its status, headers and JSON', async () => {
    const fn = httpHandler(
      async (r) => ({
        status: 429,
        body: { error: 'rate_limited', method: r.method },
        headers: { 'Retry-After': '30' },
      }),
      { isAllowedOrigin: allowApp, log: silent, name: 't' },
    );
    const { res, out } = fakeResponse();
    await fn(
      { method: 'POST', headers: { origin: 'https://sports.example.jp' }, body: { a: 1 } },
      res,
    );
    expect(out.status).toBe(429);
    expect(out.body).toEqual({ error: 'rate_limited', method: 'POST' });
    expect(out.headers).toMatchObject({
      'Retry-After': '30',
      'Access-Control-Allow-Origin': 'https://sports.example.jp',
    });
  });

  it('answers 500 with a JSON error and logs when the handler throws', async () => {
    const errors: string[] = [];
    const fn = httpHandler(
      async () => {
        throw new Error('firestore unavailable');
      },
      {
        isAllowedOrigin: allowApp,
        log: { ...silent, error: (m) => errors.push(m) },
        name: 'sendEmail',
      },
    );
    const { res, out } = fakeResponse();
    await fn({ method: 'POST', headers: {}, body: {} }, res);
    expect(out.status).toBe(500);
    expect(out.body).toEqual({ error: 'internal', message: 'Something went wrong.' });
    expect(errors).toEqual(['sendEmail failed']);
  });
});

describe('textHandler', () => {
  const calendar = async () => ({
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'public, max-age=900',
    },
    text: 'BEGIN:VCALENDAR',
  });

  it('sends the handler’s text with its headers, and no CORS header', async () => {
    const { res, out } = fakeResponse();
    const seen: string[] = [];
    await textHandler(
      async (req) => {
        seen.push(req.path);
        return calendar();
      },
      { log: silent, name: 't' },
    )({ method: 'GET', path: '/calendar/series/s1.ics' }, res);
    expect(seen).toEqual(['/calendar/series/s1.ics']);
    expect(out).toMatchObject({ status: 200, body: 'BEGIN:VCALENDAR', ended: true });
    expect(out.headers['Content-Type']).toBe('text/calendar; charset=utf-8');
    expect(out.headers['Access-Control-Allow-Origin']).toBeUndefined();
  });

  it('answers HEAD without a body and a throw with a 500 that is not cached', async () => {
    const head = fakeResponse();
    await textHandler(calendar, { log: silent, name: 't' })(
      { method: 'HEAD', path: '/x.ics' },
      head.res,
    );
    expect(head.out).toMatchObject({ status: 200, body: undefined, ended: true });
    const failed = fakeResponse();
    await textHandler(
      async () => {
        throw new Error('down');
      },
      { log: silent, name: 't' },
    )({ method: 'GET', path: '/x.ics' }, failed.res);
    expect(failed.out.status).toBe(500);
    expect(failed.out.headers['Cache-Control']).toBe('no-store');
  });
});
