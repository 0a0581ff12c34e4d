import type { Query } from '@/data/storage/storage';
import { eventListQuery, teamListQuery } from '@/data/use-cases/list-queries';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { authUserKey } from './auth-user-key';
import { toStructuredQuery } from './rest-query';

/** Where the Firestore REST API answers, and the project's web API key. */
export interface FirestoreRestTarget {
  /** 'https://firestore.googleapis.com', or the emulator's 'http://127.0.0.1:8080'. */
  origin: string;
  projectId: string;
  apiKey: string;
}

/** The resource name of the project's default database's documents. */
export const documentsRoot = (projectId: string) =>
  `projects/${projectId}/databases/(default)/documents`;

/** The REST address of `rest` (':runQuery', '/teams/t1:runQuery') under documentsRoot. */
function restUrl(target: FirestoreRestTarget, rest: string): string {
  const root = documentsRoot(target.projectId);
  return `${target.origin}/v1/${root}${rest}?key=${encodeURIComponent(target.apiKey)}`;
}

/** A request of the REST API: where it is POSTed, and its JSON body as sent. */
export interface RestRequest {
  url: string;
  body: string;
}

/**
 * The read of one document ('events/e1'): a batchGet of it, which answers 200 with `missing` for
 * a document that does not exist, where a GET answers 404 and the browser logs that as an error
 * on the console of every page that looks for something optional (a person's attendance counts).
 * The rules judge it as the GET they would ('get').
 */
export function documentRequest(target: FirestoreRestTarget, path: string): RestRequest {
  const name = `${documentsRoot(target.projectId)}/${path}`;
  return { url: restUrl(target, ':batchGet'), body: JSON.stringify({ documents: [name] }) };
}

/**
 * A query of the collection `q.collection` (':runQuery' under its parent document), or with
 * `count` how many documents it matches (':runAggregationQuery').
 */
export function queryRequest(
  target: FirestoreRestTarget,
  q: Omit<Query, 'after'> & { after?: string | null },
  count?: true,
): RestRequest {
  const at = q.collection.lastIndexOf('/');
  const parent =
    at < 0 ? '' : `/${q.collection.slice(0, at).split('/').map(encodeURIComponent).join('/')}`;
  const structuredQuery = toStructuredQuery(
    q,
    `${documentsRoot(target.projectId)}/${q.collection}`,
  );
  const body = count
    ? {
        structuredAggregationQuery: {
          structuredQuery,
          aggregations: [{ alias: 'count', count: {} }],
        },
      }
    : { structuredQuery };
  return {
    url: restUrl(target, `${parent}:${count ? 'runAggregationQuery' : 'runQuery'}`),
    body: JSON.stringify(body),
  };
}

/**
 * Sends a request as Firebase's own SDK sends one: a JSON body as text/plain, a content type CORS
 * allows without a preflight request, so it costs one round trip, not two.
 */
export function sendRest(request: RestRequest, fetchImpl: typeof fetch = fetch): Promise<Response> {
  return fetchImpl(request.url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: request.body,
  });
}

/** The prerendered pages of one document (src/app/prerender.tsx) and the collection it is in. */
const DOCUMENT_PAGES: Readonly<Record<string, string>> = {
  '/events/:id': 'events',
  '/teams/:id': 'teams',
  '/profile/:id': 'users',
};

/** The pages whose first data's picture is the largest thing they show (CoverImage, eager). */
const PICTURE_PAGES: ReadonlySet<string> = new Set([
  '/events',
  '/teams',
  '/events/:id',
  '/teams/:id',
]);

/**
 * The prerendered lists and their first page without filters (an address with a query string
 * has filters): the use cases' own queries (src/data/use-cases/list-queries.ts), on the client's
 * clock as the use case's (a first page asked just before midnight is asked again after it).
 */
const LIST_PAGES: Readonly<Record<string, () => Query>> = {
  '/events': () => eventListQuery({}, new Date()),
  '/teams': () => teamListQuery({}),
};

const started = new Map<string, Promise<Response>>();

/**
 * Whether storage says at once that someone may be signed in on this device: the session's last
 * user (src/features/auth/session.tsx), or Auth's user where Auth keeps it in localStorage.
 * Auth's IndexedDB copy cannot be read at once; src/data/firebase/first-read/stored-session.ts reads it.
 */
function maybeSignedIn(apiKey: string): boolean {
  try {
    return (
      localStorage.getItem(STORAGE_KEYS.sessionUid) !== null ||
      localStorage.getItem(authUserKey(apiKey)) !== null
    );
  } catch {
    return true;
  }
}

/**
 * Starts the first read of a page that shows one document (an event, a team, a profile) or the
 * first page of a list (the events, the teams) as soon as the entry runs (src/main.tsx), before
 * the app's code has downloaded: on a slow network its answer then arrives while the scripts do,
 * not after them. The REST backend's reader (rest-storage.ts) takes the answer
 * instead of asking again (takeEarlyRead). `route` is the pattern the HTML was prerendered for
 * (#root's data-route). Nothing starts for any other page, nor when someone may be signed in
 * (they get the full SDK, which would not take it); where Auth keeps its user only in IndexedDB,
 * such a user's page costs this one read more.
 */
export function startEarlyRead(
  target: FirestoreRestTarget,
  route: string | undefined,
  { pathname, search }: { pathname: string; search: string },
): void {
  if (route === undefined || maybeSignedIn(target.apiKey)) return;
  const request = LIST_PAGES[route]
    ? pathname === route && search === ''
      ? queryRequest(target, LIST_PAGES[route]())
      : null
    : documentPageRequest(target, route, pathname);
  if (!request) return;
  const answer = sendRest(request);
  // Nobody may take it (the app found a session after all): that is no error.
  answer.catch(() => {});
  started.set(keyOf(request), answer);
  if (PICTURE_PAGES.has(route)) preloadPicture(answer);
}

/**
 * Asks for the picture of the answer's first document (the event or team of a page of one, the
 * first card of a list) as soon as the answer names it, while the app's code still downloads.
 * Its `<img>` appears only once the app has rendered the data, and a picture asked for then
 * arrives a round trip later: on a page whose largest paint is that picture, the paint then
 * waits for the app alone. Reads a copy of the answer (the REST reader takes the answer itself
 * afterwards); a picture that is not on the web (a `data:` URL) needs no request.
 */
function preloadPicture(answer: Promise<Response>): void {
  answer
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((body) => {
      const url = firstPictureURL(body);
      if (!url) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'image');
      link.setAttribute('fetchpriority', 'high');
      link.href = url;
      document.head.append(link);
    })
    // A failed or unreadable answer is the REST reader's to report when it takes it; without
    // this request the picture is asked for when the page renders it, as before.
    .catch(() => {});
}

/** The imageURL of the first document of a runQuery's or a batchGet's answer, if on the web. */
export function firstPictureURL(body: unknown): string | null {
  if (!Array.isArray(body)) return null;
  for (const entry of body as { document?: RestDoc; found?: RestDoc }[]) {
    const doc = entry.document ?? entry.found;
    if (!doc) continue;
    const url = doc.fields?.imageURL?.stringValue;
    // An address on this site or an https one (a stored picture); nothing else is asked for.
    return typeof url === 'string' && /^(https:\/\/|\/(?!\/))/.test(url) ? url : null;
  }
  return null;
}

interface RestDoc {
  fields?: { imageURL?: { stringValue?: unknown } };
}

/** The read of the document a page of one document shows, or null for any other address. */
function documentPageRequest(
  target: FirestoreRestTarget,
  route: string,
  pathname: string,
): RestRequest | null {
  const collection = DOCUMENT_PAGES[route];
  const [, page, id, ...more] = pathname.split('/');
  if (!collection || !id || more.length > 0 || route !== `/${page}/:id`) return null;
  let docId: string;
  try {
    docId = decodeURIComponent(id);
  } catch {
    return null;
  }
  return docId.includes('/') ? null : documentRequest(target, `${collection}/${docId}`);
}

const keyOf = (request: RestRequest) => `${request.url}\n${request.body}`;

/** The answer startEarlyRead started for this same request, once; later asks go out again. */
export function takeEarlyRead(request: RestRequest): Promise<Response> | undefined {
  const key = keyOf(request);
  const answer = started.get(key);
  started.delete(key);
  return answer;
}
