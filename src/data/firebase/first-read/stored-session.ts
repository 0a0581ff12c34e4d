import { authUserKey } from './auth-user-key';

/**
 * Whether Firebase Auth keeps a signed-in user on this device, read without loading Auth: the
 * persistence src/data/firebase/sdk-backend.ts gives it stores the user under this key in IndexedDB
 * (Auth's own database), or in localStorage where IndexedDB cannot be used. A database that does
 * not exist is not created (its creation is aborted), so Auth later creates it as its own. When
 * the answer cannot be read, it is yes: the full backend then loads, as it always did.
 */
export async function hasStoredSession(apiKey: string, appName = '[DEFAULT]'): Promise<boolean> {
  const key = authUserKey(apiKey, appName);
  try {
    if (localStorage.getItem(key) !== null) return true;
  } catch {
    // No localStorage (a privacy setting): IndexedDB answers, or nobody is stored.
  }
  if (typeof indexedDB === 'undefined') return false;
  return new Promise<boolean>((resolve) => {
    const yes = () => resolve(true);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open('firebaseLocalStorageDb');
    } catch {
      return yes();
    }
    request.onupgradeneeded = () => {
      // No such database: nobody has signed in here. Aborting leaves none behind.
      request.transaction?.abort();
      resolve(false);
    };
    request.onerror = (e) => {
      e.preventDefault();
      yes();
    };
    request.onblocked = yes;
    request.onsuccess = () => {
      const db = request.result;
      const done = (answer: boolean) => {
        db.close();
        resolve(answer);
      };
      if (!db.objectStoreNames.contains('firebaseLocalStorage')) return done(false);
      try {
        const read = db
          .transaction('firebaseLocalStorage', 'readonly')
          .objectStore('firebaseLocalStorage')
          .get(key);
        read.onsuccess = () => {
          const entry = read.result as { value?: unknown } | undefined;
          done(entry?.value != null);
        };
        read.onerror = () => done(true);
      } catch {
        done(true);
      }
    };
  });
}
