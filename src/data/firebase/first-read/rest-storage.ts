import {
  autoId,
  DOC_ID,
  splitPath,
  type DocData,
  type QueriedDoc,
  type Query,
  type Storage,
  type StoredDoc,
} from '@/data/storage/storage';
import { encodeCursor } from '@/data/storage/cursor';
import {
  documentRequest,
  documentsRoot,
  queryRequest,
  sendRest,
  takeEarlyRead,
  type FirestoreRestTarget,
  type RestRequest,
} from './early-request';
import type { RestValue } from './rest-query';

interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
}

/**
 * The storage interface's reads on Firestore's REST API, for the first page of a visitor nobody
 * is signed in for (src/data/firebase/first-read/rest-backend.ts): plain fetches and this decoder instead of
 * a Firestore SDK. The requests carry no ID token, so the security rules judge them as a
 * signed-out visitor's, as they would the SDK's. What is this adapter's own:
 * - Values read as the full adapter (src/data/firebase/storage.ts) gives them: timestamps as
 *   Dates, integers and doubles as numbers, maps and arrays as plain objects and arrays.
 * - Its cursors are the full adapter's (timestamps to the nanosecond), so a list whose first page
 *   came from here continues through the full SDK once that has taken over.
 * - A listener delivers the current answer once and never again: plain requests cannot listen.
 *   The handover backend (src/data/firebase/first-read/handover.ts) shows that answer and replaces the
 *   listener with the full SDK's once the page has loaded.
 * - Writes need a signed-in user, who gets the full SDK: here they fail.
 */
export function firestoreRestStorage(
  target: FirestoreRestTarget,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Storage {
  const root = documentsRoot(target.projectId);

  /**
   * The answer to a request. One the entry already started (early-request.ts) is taken from there,
   * or asked again if that failed.
   */
  const answerOf = async (request: RestRequest): Promise<unknown> => {
    const early = takeEarlyRead(request);
    const ask = () => sendRest(request, fetchImpl);
    let res: Response;
    try {
      res = await (early ? early.catch(ask) : ask());
    } catch (e) {
      throw restError('unavailable', e instanceof Error ? e.message : String(e));
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      // A query's failure comes as the first entry of an array, a document's as the object.
      const answer = (Array.isArray(json) ? json[0] : json) as {
        error?: { status?: string; message?: string };
      } | null;
      const error = answer?.error;
      throw restError(
        error?.status ? error.status.toLowerCase().replace(/_/g, '-') : 'unavailable',
        error?.message ?? `${res.status} ${res.statusText}`,
      );
    }
    return json;
  };

  const stored = (d: RestDocument): StoredDoc => {
    const path = d.name.slice(root.length + 1);
    return { id: path.slice(path.lastIndexOf('/') + 1), path, data: decodeFields(d.fields) };
  };

  const run = async (q: Omit<Query, 'after'> & { after?: string | null }, count?: true) =>
    (await answerOf(queryRequest(target, q, count))) as unknown[];

  /** One read delivered through a listener's callbacks, unless unsubscribed before it lands. */
  const once = <T>(read: Promise<T>, next: (value: T) => void, error: (e: unknown) => void) => {
    let stopped = false;
    read.then(
      (value) => !stopped && next(value),
      (e: unknown) => !stopped && error(e),
    );
    return () => {
      stopped = true;
    };
  };

  const storage: Storage = {
    newId: () => autoId(),
    async get(path) {
      splitPath(path);
      const [answer] = (await answerOf(documentRequest(target, path))) as {
        found?: RestDocument;
        missing?: string;
      }[];
      if (answer?.found) return stored(answer.found);
      if (answer?.missing) return null;
      throw restError('unavailable', `no answer for ${path}`);
    },
    async query(q) {
      const answer = (await run(q)) as { document?: RestDocument }[];
      return answer.flatMap(({ document: d }): QueriedDoc[] => {
        if (!d) return [];
        const doc = stored(d);
        const order = (q.orderBy ?? []).map((o) =>
          o.field === DOC_ID ? doc.id : fieldAt(d.fields, o.field),
        );
        return [{ ...doc, cursor: encodeCursor(order) }];
      });
    },
    async count(q) {
      const [answer] = (await run(q, true)) as {
        result?: { aggregateFields?: { count?: RestValue } };
      }[];
      const count = answer?.result?.aggregateFields?.count;
      return count ? (decodeValue(count) as number) : 0;
    },
    set: writesNeedSignIn,
    update: writesNeedSignIn,
    delete: writesNeedSignIn,
    transaction: writesNeedSignIn,
    batch: writesNeedSignIn,
    onDoc: (path, next, error) => once(storage.get(path), next, error),
    onQuery: (q, next, error) => once(storage.query(q), next, error),
  };
  return storage;
}

function writesNeedSignIn(): Promise<never> {
  return Promise.reject(new Error('storage: a write needs the full Firestore SDK'));
}

/** A failure with the code the SDK's FirestoreError would carry ('permission-denied', …). */
function restError(code: string, message: string): Error {
  return Object.assign(new Error(`Firestore REST: ${message}`), { code });
}

/** A stored value as the storage interface gives it (see firestoreRestStorage). */
export function decodeValue(value: RestValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) {
    const [seconds, nanos] = parseTimestamp(value.timestampValue);
    // As the SDK's Timestamp.toDate(): milliseconds, the rest of the nanoseconds dropped.
    return new Date(seconds * 1000 + Math.floor(nanos / 1e6));
  }
  if ('stringValue' in value) return value.stringValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(decodeValue);
  if ('mapValue' in value) return decodeFields(value.mapValue.fields);
  if ('referenceValue' in value) return value.referenceValue;
  if ('bytesValue' in value) return value.bytesValue;
  return {
    latitude: value.geoPointValue.latitude ?? 0,
    longitude: value.geoPointValue.longitude ?? 0,
  };
}

function decodeFields(fields: Record<string, RestValue> | undefined): DocData {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, decodeValue(v)]));
}

/** RFC 3339 as the API writes it ('2026-05-01T09:30:00.123456Z') into seconds and nanoseconds. */
function parseTimestamp(text: string): [seconds: number, nanos: number] {
  const match = /^([^.]+?)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!match) throw new Error(`Firestore REST: not a timestamp: ${text}`);
  const seconds = Date.parse(`${match[1]}${match[3]}`) / 1000;
  return [seconds, Number((match[2] ?? '').padEnd(9, '0'))];
}

/** The stored value at a dotted field path, kept exact for a cursor (see ./cursor.ts). */
function fieldAt(fields: Record<string, RestValue> | undefined, field: string): unknown {
  let value: RestValue | undefined = { mapValue: { fields } };
  for (const segment of field.split('.')) {
    value = value && 'mapValue' in value ? value.mapValue.fields?.[segment] : undefined;
  }
  if (!value) return null;
  if ('timestampValue' in value) return { ts: parseTimestamp(value.timestampValue) };
  return decodeValue(value);
}
