import Dexie from 'dexie';
import { afterEach } from 'vitest';
import {
  createLocalBackend,
  type LocalBackend,
  type LocalBackendOptions,
} from '@/data/local/create-local-backend';

/**
 * The local backend's own tests: `open()` gives a backend on fake-indexeddb in a database of its
 * own (cheap password hashing, no demo data unless asked for), and after each test every backend
 * opened is signed out, closed and its database deleted. Call once at the top of a test file.
 */
export type { LocalBackend };

export function localBackendsPerTest(
  prefix: string,
  defaults: LocalBackendOptions = {},
): (options?: LocalBackendOptions) => Promise<LocalBackend> {
  const opened: LocalBackend[] = [];

  afterEach(async () => {
    const all = opened.splice(0);
    for (const b of all) {
      await b.auth.signOut();
      b.close();
    }
    // Deleted only once every connection to a name is closed, or the delete would wait on them.
    for (const name of new Set(all.map((b) => b.db.name))) await Dexie.delete(name);
  });

  return async (options = {}) => {
    const b = await createLocalBackend({
      dbName: `${prefix}-${crypto.randomUUID()}`,
      seed: false,
      origin: 'https://demo.example',
      passwordIterations: 1000,
      ...defaults,
      ...options,
    });
    opened.push(b);
    return b;
  };
}
