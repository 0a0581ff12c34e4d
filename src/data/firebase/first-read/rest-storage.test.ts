import { vi } from 'vitest';
import { DOC_ID } from '@/data/storage/storage';
import { eventUseCases } from '@/data/use-cases/events';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';
import { failureCode } from '@/domain/errors';
import { decodeValue, firestoreRestStorage } from './rest-storage';
import { encodeValue, type RestValue } from './rest-query';

const ROOT = 'projects/demo/databases/(default)/documents';

/** A REST storage on a fetch that answers `answers` in turn and records each request. */
function restWith(...answers: { status?: number; body: unknown }[]) {
  const requests: { url: string; body: unknown; headers: HeadersInit | undefined }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      body: init?.body ? JSON.parse(init.body as string) : undefined,
      headers: init?.headers,
    });
    const answer = answers.shift()!;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  const storage = firestoreRestStorage(
    { origin: 'http://127.0.0.1:8080', projectId: 'demo', apiKey: 'k' },
    fetchImpl as typeof fetch,
  );
  return { storage, requests };
}

describe('decodeValue', () => {
  it('reads integers and doubles as numbers', () => {
    expect(decodeValue({ integerValue: '42' })).toBe(42);
    expect(decodeValue({ integerValue: '-7' })).toBe(-7);
    expect(decodeValue({ doubleValue: 2.5 })).toBe(2.5);
    expect(decodeValue({ doubleValue: 3 })).toBe(3);
    expect(decodeValue({ doubleValue: 'NaN' })).toBeNaN();
    expect(decodeValue({ doubleValue: 'Infinity' })).toBe(Infinity);
  });

  it('reads timestamps as Dates, to the millisecond as the SDK does', () => {
    const at = decodeValue({ timestampValue: '2026-05-01T09:30:15.123987654Z' });
    expect(at).toEqual(new Date(Date.UTC(2026, 4, 1, 9, 30, 15, 123)));
    expect(decodeValue({ timestampValue: '2026-05-01T09:30:15Z' })).toEqual(
      new Date(Date.UTC(2026, 4, 1, 9, 30, 15)),
    );
    expect(decodeValue({ timestampValue: '2026-05-01T09:30:15.5Z' })).toEqual(
      new Date(Date.UTC(2026, 4, 1, 9, 30, 15, 500)),
    );
  });

  it('reads null, booleans and strings as they are', () => {
    expect(decodeValue({ nullValue: null })).toBeNull();
    expect(decodeValue({ booleanValue: false })).toBe(false);
    expect(decodeValue({ stringValue: 'フットサル' })).toBe('フットサル');
  });

  it('reads nested maps and arrays, empty ones included', () => {
    const value: RestValue = {
      mapValue: {
        fields: {
          title: { stringValue: '練習会' },
          tags: { arrayValue: { values: [{ stringValue: 'a' }, { integerValue: '1' }] } },
          none: { arrayValue: {} },
          place: {
            mapValue: {
              fields: {
                capacity: { integerValue: '20' },
                updatedAt: { timestampValue: '2026-01-02T03:04:05.006Z' },
                empty: { mapValue: {} },
                list: {
                  arrayValue: {
                    values: [{ mapValue: { fields: { n: { nullValue: null } } } }],
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(decodeValue(value)).toEqual({
      title: '練習会',
      tags: ['a', 1],
      none: [],
      place: {
        capacity: 20,
        updatedAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)),
        empty: {},
        list: [{ n: null }],
      },
    });
  });
});

describe('encodeValue', () => {
  it('types numbers as the SDK does: safe integers as integers, the rest as doubles', () => {
    expect(encodeValue(3)).toEqual({ integerValue: '3' });
    expect(encodeValue(-0)).toEqual({ doubleValue: -0 });
    expect(encodeValue(1.5)).toEqual({ doubleValue: 1.5 });
    expect(encodeValue(2 ** 60)).toEqual({ doubleValue: 2 ** 60 });
  });

  it('writes Dates as timestamps, arrays and maps nested, null as null', () => {
    expect(encodeValue(new Date(Date.UTC(2026, 4, 1, 9, 30, 15, 123)))).toEqual({
      timestampValue: '2026-05-01T09:30:15.123000000Z',
    });
    expect(encodeValue({ a: [null, 'x', true] })).toEqual({
      mapValue: {
        fields: {
          a: {
            arrayValue: {
              values: [{ nullValue: null }, { stringValue: 'x' }, { booleanValue: true }],
            },
          },
        },
      },
    });
  });
});

describe('firestoreRestStorage', () => {
  it('reads a document by its path, and a missing one as null, both with one batchGet', async () => {
    const { storage, requests } = restWith(
      {
        body: [
          {
            found: {
              name: `${ROOT}/events/e1`,
              fields: { title: { stringValue: '練習会' }, capacity: { integerValue: '10' } },
            },
            readTime: '2026-11-26T00:00:00Z',
          },
        ],
      },
      { body: [{ missing: `${ROOT}/events/gone`, readTime: '2026-11-26T00:00:00Z' }] },
    );
    expect(await storage.get('events/e1')).toEqual({
      id: 'e1',
      path: 'events/e1',
      data: { title: '練習会', capacity: 10 },
    });
    expect(await storage.get('events/gone')).toBeNull();
    // batchGet answers 200 for a missing document, where a GET's 404 is an error on the console.
    expect(requests).toEqual(
      ['events/e1', 'events/gone'].map((path) => ({
        url: `http://127.0.0.1:8080/v1/${ROOT}:batchGet?key=k`,
        body: { documents: [`${ROOT}/${path}`] },
        headers: { 'Content-Type': 'text/plain' },
      })),
    );
  });

  it('fails with the SDK’s code when the rules refuse', async () => {
    const { storage } = restWith({
      status: 403,
      body: { error: { code: 403, status: 'PERMISSION_DENIED', message: 'denied' } },
    });
    const failure = await storage.get('users/u1/private/account').catch((e: unknown) => e);
    expect(failureCode(failure)).toBe('permission-denied');
  });

  it('refuses a path that is not a document’s without asking', async () => {
    const { storage, requests } = restWith();
    await expect(storage.get('events')).rejects.toThrow('not a document path');
    expect(requests).toEqual([]);
  });

  it('runs a query of a subcollection with filters, order, cursor and limit', async () => {
    const { storage, requests } = restWith(
      {
        body: [
          {
            document: {
              name: `${ROOT}/teams/t1/joinRequests/r1`,
              fields: {
                createdAt: { timestampValue: '2026-05-01T09:30:15.123456789Z' },
                status: { stringValue: 'pending' },
              },
            },
            readTime: '2026-05-02T00:00:00Z',
          },
        ],
      },
      { body: [{ readTime: '2026-05-02T00:00:00Z' }] },
    );
    const query = {
      collection: 'teams/t1/joinRequests',
      where: [
        { field: 'status', op: '==' as const, value: 'pending' },
        { field: 'kind', op: 'in' as const, value: ['a', 'b'] },
      ],
      orderBy: [{ field: 'createdAt', direction: 'desc' as const }, { field: DOC_ID }],
      limit: 1,
    };
    const [first] = await storage.query(query);
    expect(first).toMatchObject({
      id: 'r1',
      path: 'teams/t1/joinRequests/r1',
      data: { status: 'pending', createdAt: new Date(Date.UTC(2026, 4, 1, 9, 30, 15, 123)) },
    });
    expect(await storage.query({ ...query, after: first!.cursor })).toEqual([]);

    expect(requests[0]!.url).toBe(`http://127.0.0.1:8080/v1/${ROOT}/teams/t1:runQuery?key=k`);
    // A content type CORS allows without a preflight: one round trip per query.
    expect(requests[0]!.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(requests[0]!.body).toEqual({
      structuredQuery: {
        from: [{ collectionId: 'joinRequests' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'status' },
                  op: 'EQUAL',
                  value: { stringValue: 'pending' },
                },
              },
              {
                fieldFilter: {
                  field: { fieldPath: 'kind' },
                  op: 'IN',
                  value: { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } },
                },
              },
            ],
          },
        },
        orderBy: [
          { field: { fieldPath: 'createdAt' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'ASCENDING' },
        ],
        limit: 1,
      },
    });
    // The next page starts after the last document, its timestamp to the nanosecond.
    expect(requests[1]!.body).toMatchObject({
      structuredQuery: {
        startAt: {
          values: [
            { timestampValue: '2026-05-01T09:30:15.123456789Z' },
            { referenceValue: `${ROOT}/teams/t1/joinRequests/r1` },
          ],
          before: false,
        },
      },
    });
  });

  it('reads only the selected fields and the order fields, once each', async () => {
    const { storage, requests } = restWith({ body: [] });
    await storage.query({
      collection: 'events',
      select: ['title', 'date'],
      orderBy: [{ field: 'date' }, { field: 'startTime' }, { field: DOC_ID }],
      limit: 3,
    });
    const { structuredQuery } = requests[0]!.body as { structuredQuery: { select: unknown } };
    expect(structuredQuery.select).toEqual({
      fields: [{ fieldPath: 'title' }, { fieldPath: 'date' }, { fieldPath: 'startTime' }],
    });
  });

  it('reads an event list without the search tokens, which only the query uses', async () => {
    const { storage, requests } = restWith({ body: [] }, { body: [] });
    const events = eventUseCases({
      storage,
      session: () => Promise.resolve(null),
      now: () => new Date(2026, 10, 27),
    });
    await events.list({});
    await events.list({ keyword: 'フットサル' });
    for (const { body } of requests) {
      const { structuredQuery } = body as { structuredQuery: { select: { fields: unknown[] } } };
      expect(structuredQuery.select.fields).toEqual(
        EVENT_READ_FIELDS.map((fieldPath: string) => ({ fieldPath })),
      );
    }
    expect(JSON.stringify(requests[1]!.body)).toContain('"fieldPath":"searchTokens"');
  });

  it('continues after a cursor of the full adapter (timestamps as seconds and nanoseconds)', async () => {
    const { storage, requests } = restWith({ body: [{ readTime: '2026-05-02T00:00:00Z' }] });
    const cursor = btoa(encodeURIComponent(JSON.stringify([{ ts: [1777627815, 5000] }, 'e9'])));
    await storage.query({
      collection: 'events',
      orderBy: [{ field: 'date' }, { field: DOC_ID }],
      after: cursor,
    });
    expect(requests[0]!.url).toBe(`http://127.0.0.1:8080/v1/${ROOT}:runQuery?key=k`);
    expect(requests[0]!.body).toMatchObject({
      structuredQuery: {
        startAt: {
          values: [
            { timestampValue: '2026-05-01T09:30:15.000005000Z' },
            { referenceValue: `${ROOT}/events/e9` },
          ],
        },
      },
    });
  });

  it('counts with an aggregation query, up to the limit', async () => {
    const { storage, requests } = restWith({
      body: [{ result: { aggregateFields: { count: { integerValue: '7' } } } }],
    });
    expect(
      await storage.count({
        collection: 'events',
        where: [{ field: 'date', op: '>=', value: new Date(Date.UTC(2026, 0, 1)) }],
        limit: 100,
      }),
    ).toBe(7);
    expect(requests[0]!.url).toBe(`http://127.0.0.1:8080/v1/${ROOT}:runAggregationQuery?key=k`);
    expect(requests[0]!.body).toEqual({
      structuredAggregationQuery: {
        structuredQuery: {
          from: [{ collectionId: 'events' }],
          where: {
            fieldFilter: {
              field: { fieldPath: 'date' },
              op: 'GREATER_THAN_OR_EQUAL',
              value: { timestampValue: '2026-01-01T00:00:00.000000000Z' },
            },
          },
          limit: 100,
        },
        aggregations: [{ alias: 'count', count: {} }],
      },
    });
  });

  it('delivers a listener’s answer once, and not after it was unsubscribed', async () => {
    const doc = [{ found: { name: `${ROOT}/events/e1`, fields: { title: { stringValue: 'a' } } } }];
    const { storage } = restWith({ body: doc }, { body: doc });
    const next = vi.fn();
    storage.onDoc('events/e1', next, () => {});
    await vi.waitFor(() => expect(next).toHaveBeenCalledTimes(1));
    expect(next).toHaveBeenCalledWith({ id: 'e1', path: 'events/e1', data: { title: 'a' } });

    const late = vi.fn();
    storage.onDoc('events/e1', late, () => {})();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(late).not.toHaveBeenCalled();
  });

  it('refuses writes, which need a signed-in user and so the full SDK', async () => {
    const { storage } = restWith();
    await expect(storage.set('events/e1', {})).rejects.toThrow('full Firestore SDK');
  });
});
