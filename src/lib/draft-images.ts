import { logger } from '@/lib/logger';

/**
 * The picture of a creation draft, kept in IndexedDB so that reloading the confirmation step
 * keeps it (the draft's text lives in sessionStorage, which cannot hold a file). A database of
 * its own: the local backend's database is versioned by its schema, and the Firebase build has
 * none. Stored as bytes, not as a Blob, which some browsers (and the tests' DOM) do not store.
 * Every call fails quietly: without storage the picture lasts as long as the page.
 */
const DB_NAME = 'sc-draft-images';
const STORE = 'images';
/** A picture whose draft was left in a tab that closed is removed after this long. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface DraftImageRow {
  id: string;
  bytes: ArrayBuffer;
  type: string;
  name: string;
  lastModified: number;
  savedAt: number;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  const req = indexedDB.open(DB_NAME, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  return request(req);
}

/** Runs `work` in one transaction and closes the connection, so none stays open in the tab. */
async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await work(tx.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

function bytesOf(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('file unreadable'));
    reader.readAsArrayBuffer(file);
  });
}

/** Stores the picture under `id`, removing pictures of drafts abandoned long ago. */
export async function saveDraftImage(id: string, file: File): Promise<boolean> {
  try {
    const bytes = await bytesOf(file);
    const row: DraftImageRow = {
      id,
      bytes,
      type: file.type,
      name: file.name,
      lastModified: file.lastModified,
      savedAt: Date.now(),
    };
    await inStore('readwrite', async (store) => {
      const rows = (await request(store.getAll())) as DraftImageRow[];
      for (const old of rows) {
        if (old.savedAt < row.savedAt - MAX_AGE_MS) store.delete(old.id);
      }
      await request(store.put(row));
    });
    return true;
  } catch (e) {
    logger.warn('draft image not saved', e);
    return false;
  }
}

/** The picture stored under `id`, or null when it is not there (or storage is unavailable). */
export async function loadDraftImage(id: string): Promise<File | null> {
  try {
    const row = await inStore(
      'readonly',
      (store) => request(store.get(id)) as Promise<DraftImageRow | undefined>,
    );
    if (!row) return null;
    return new File([row.bytes], row.name, { type: row.type, lastModified: row.lastModified });
  } catch (e) {
    logger.warn('draft image unreadable', e);
    return null;
  }
}

export async function deleteDraftImage(id: string): Promise<void> {
  try {
    await inStore('readwrite', (store) => request(store.delete(id)));
  } catch (e) {
    logger.warn('draft image not removed', e);
  }
}
