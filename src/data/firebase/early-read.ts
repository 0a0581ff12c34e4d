import { STORAGE_KEYS } from '@/lib/storage-keys';
import { authUserKey } from './auth-user-key';

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
export function restUrl(target: FirestoreRestTarget, rest: string): string {
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

/** Seconds and nanoseconds as the REST API writes a timestamp ('2026-05-01T09:30:00.123456789Z'). */
export function formatTimestamp(seconds: number, nanos: number): string {
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(nanos).padStart(9, '0')}Z`;
}

/** A Date as the REST API writes a timestamp (as the SDK sends one: to the millisecond). */
export function restTimestamp(date: Date): string {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return formatTimestamp(seconds, (ms - seconds * 1000) * 1e6);
}

/**
 * Where a list page's first-read template (#root's data-first-read, written by the build:
 * first-read-template.ts) has the day the list starts from, a timestamp value.
 */
export const LIST_DAY = '@list-day';

/** A list page's first read as the build wrote it: its request, with LIST_DAY for its first day. */
export interface FirstReadTemplate {
  url: string;
  body: string;
}

/**
 * The template's request on the day `now` falls on (the event list starts at local midnight of
 * the day it is read, as src/data/use-cases/events.ts's list does).
 */
export function fillFirstRead(template: FirstReadTemplate, now: Date): RestRequest {
  const day = restTimestamp(new Date(now.getFullYear(), now.getMonth(), now.getDate()));
  const value = JSON.stringify(day);
  return { url: template.url, body: template.body.replaceAll(JSON.stringify(LIST_DAY), value) };
}

/** The prerendered pages of one document (src/app/prerender.tsx) and the collection it is in. */
const DOCUMENT_PAGES: Readonly<Record<string, string>> = {
  '/events/:id': 'events',
  '/teams/:id': 'teams',
  '/profile/:id': 'users',
};

const started = new Map<string, Promise<Response>>();

/**
 * Whether storage says at once that someone may be signed in on this device: the session's last
 * user (src/features/auth/session.tsx), or Auth's user where Auth keeps it in localStorage.
 * Auth's IndexedDB copy cannot be read at once; src/data/firebase/stored-session.ts reads it.
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
 * Starts the first read of a visitor's page as soon as the entry runs (src/main.tsx), before the
 * app's code has downloaded: on a slow network its answer then arrives while the scripts do, not
 * after them. The first-read backend's REST reader (firestore-rest.ts) takes the answer when it
 * sends the same request, instead of sending it again (takeEarlyRead). What is read:
 * - on a page of one document (an event, a team, a profile), that document;
 * - on the event or team list without filters or a search in its address, its first page, as
 *   the template the build wrote into the page (`page.firstRead`) says, on today's date.
 * `page` is #root's data: `route`, the pattern the HTML was prerendered for. Nothing starts for
 * any other page, nor when someone may be signed in (they get the full SDK, which would not take
 * it); where Auth keeps its user only in IndexedDB, such a user's page costs this one read more.
 */
export function startEarlyRead(
  target: FirestoreRestTarget,
  page: { route?: string; firstRead?: string },
  location: { pathname: string; search: string },
  now: Date,
): void {
  const request = earlyRequest(target, page, location, now);
  if (!request || maybeSignedIn(target.apiKey)) return;
  const answer = sendRest(request);
  // Nobody may take it (the app found a session after all): that is no error.
  answer.catch(() => {});
  started.set(keyOf(request), answer);
}

function earlyRequest(
  target: FirestoreRestTarget,
  { route, firstRead }: { route?: string; firstRead?: string },
  { pathname, search }: { pathname: string; search: string },
  now: Date,
): RestRequest | null {
  if (firstRead) {
    if (pathname !== route || search !== '') return null;
    try {
      return fillFirstRead(JSON.parse(firstRead) as FirstReadTemplate, now);
    } catch {
      return null;
    }
  }
  const collection = route === undefined ? undefined : DOCUMENT_PAGES[route];
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
