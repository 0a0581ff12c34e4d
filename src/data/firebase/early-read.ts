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

/** The REST address of `rest` ('/events/e1', ':runQuery') under documentsRoot. */
export function restUrl(target: FirestoreRestTarget, rest: string): string {
  const root = documentsRoot(target.projectId);
  return `${target.origin}/v1/${root}${rest}?key=${encodeURIComponent(target.apiKey)}`;
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
 * Starts the first read of a page that shows one document (an event, a team, a profile) as soon
 * as the entry runs (src/main.tsx), before the app's code has downloaded: on a slow network its
 * answer then arrives while the scripts do, not after them. The first-read backend's REST reader
 * (firestore-rest.ts) takes the answer instead of asking again (takeEarlyRead). `route` is the
 * pattern the HTML was prerendered for (#root's data-route). Nothing starts for any other page,
 * nor when someone may be signed in (they get the full SDK, which would not take it); where Auth
 * keeps its user only in IndexedDB, such a user's page costs this one read more.
 */
export function startEarlyRead(
  target: FirestoreRestTarget,
  route: string | undefined,
  pathname: string,
): void {
  const collection = route === undefined ? undefined : DOCUMENT_PAGES[route];
  const [, page, id, ...more] = pathname.split('/');
  if (!collection || !id || more.length > 0 || route !== `/${page}/:id`) return;
  if (maybeSignedIn(target.apiKey)) return;
  let docId: string;
  try {
    docId = decodeURIComponent(id);
  } catch {
    return;
  }
  const url = restUrl(target, `/${collection}/${encodeURIComponent(docId)}`);
  const answer = fetch(url);
  // Nobody may take it (the app found a session after all): that is no error.
  answer.catch(() => {});
  started.set(url, answer);
}

/** The answer startEarlyRead started for this GET address, once; later asks go out again. */
export function takeEarlyRead(url: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}
