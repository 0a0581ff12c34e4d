import { hasStoredSession } from './stored-session';

const KEY = 'firebase:authUser:key-1:[DEFAULT]';

/** Auth's database as Firebase Auth writes it, with `entries` in its store. */
async function authDatabase(entries: { fbase_key: string; value: unknown }[]) {
  await new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('firebaseLocalStorageDb', 1);
    open.onupgradeneeded = () =>
      open.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction('firebaseLocalStorage', 'readwrite');
      for (const entry of entries) tx.objectStore('firebaseLocalStorage').put(entry);
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
    };
  });
}

const deleteAuthDatabase = () =>
  new Promise<void>((resolve) => {
    const del = indexedDB.deleteDatabase('firebaseLocalStorageDb');
    del.onsuccess = del.onerror = () => resolve();
  });

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name);

describe('hasStoredSession', () => {
  afterEach(async () => {
    localStorage.clear();
    await deleteAuthDatabase();
  });

  it('is no without Auth’s database, and leaves none behind', async () => {
    expect(await hasStoredSession('key-1')).toBe(false);
    expect(await databaseNames()).not.toContain('firebaseLocalStorageDb');
  });

  it('is yes when Auth keeps a user for this app in IndexedDB', async () => {
    await authDatabase([{ fbase_key: KEY, value: { uid: 'u1' } }]);
    expect(await hasStoredSession('key-1')).toBe(true);
  });

  it('is no when Auth’s database holds no user for this app', async () => {
    await authDatabase([
      { fbase_key: 'firebase:authUser:other-key:[DEFAULT]', value: { uid: 'u1' } },
    ]);
    expect(await hasStoredSession('key-1')).toBe(false);
  });

  it('is yes when Auth keeps the user in localStorage', async () => {
    localStorage.setItem(KEY, JSON.stringify({ uid: 'u1' }));
    expect(await hasStoredSession('key-1')).toBe(true);
  });
});
