import { DEMO_ACCOUNTS } from '@/data/demo/accounts';
import type { Backend, LazyBackend, PortName } from '@/data/ports/backend';
import type { UseCaseContext } from '@/data/use-cases/context';
import { sharedPortLoaders } from '@/data/use-cases/shared-ports';
import { deferPort, type EarlyMembers } from '@/lib/deferred-port';
import { currentSession, type LocalContext } from './context';
import { DEFAULT_DB_NAME, LocalDb } from './db';
import { autoId } from '@/data/storage/storage';
import type { LocalApi } from './local-api';
import { LocalAuth } from './local-auth';
import { readOutbox } from './outbox';
import { DEFAULT_PBKDF2_ITERATIONS } from './password-hash';

export interface LocalBackendOptions {
  /** IndexedDB database name; tests use a fresh one each. */
  dbName?: string;
  /** Seed the demo data when the database is empty. Default true. */
  seed?: boolean;
  /** Base of links in mails. Default window.location.origin. */
  origin?: string;
  /**
   * PBKDF2 iterations for new password hashes. Default 100,000; tests lower it for speed.
   * Existing hashes keep the count they were made with.
   */
  passwordIterations?: number;
  /** Clock, so tests can move time (action-code expiry, lockout window, history window). */
  now?: () => Date;
}

/** The local backend with its parts, for tests that need to reach below the ports. */
export interface LocalBackend extends Backend {
  kind: 'local';
  db: LocalDb;
  auth: LocalAuth;
  dev: NonNullable<Backend['dev']>;
  scheduled: NonNullable<Backend['scheduled']>;
  /** Closes the database (tests; the app keeps it open for the page's lifetime). */
  close(): void;
}

/** The local backend opened, its ports still to load: what the app defers, each port once. */
export interface OpenedLocalBackend extends LazyBackend {
  kind: 'local';
  db: LocalDb;
  auth: LocalAuth;
  /** The api the use cases call (its code loads on the first call); the app's is ports.api. */
  api: Backend['api'];
  dev: NonNullable<Backend['dev']>;
  scheduled: NonNullable<Backend['scheduled']>;
  close(): void;
}

/**
 * The in-browser backend, for tests and tools that call its ports directly: the backend opened
 * (openLocalBackend), each port deferred once, so its code still loads on first use.
 */
export async function createLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const { ports, ...opened } = await openLocalBackend(options);
  const deferred = Object.fromEntries(
    Object.entries(ports)
      .filter(([name]) => name !== 'auth' && name !== 'api')
      .map(([name, load]) => [name, deferPort(name, load as () => Promise<object>, EARLY[name])]),
  ) as unknown as Pick<Backend, PortName>;
  // The auth and the api the use cases call, so a test's spy on either sees what they do.
  return { ...opened, ...deferred, auth: opened.auth, api: opened.api };
}

/** Members that answer before their port has loaded. */
const EARLY: Partial<Record<string, EarlyMembers>> = {
  // The id of a message to come needs no repository (the storage adapter's ids).
  conversations: { newMessageId: () => autoId() },
};

/**
 * The in-browser backend: every port on IndexedDB through Dexie, local accounts, a mail outbox.
 * For development, demos and tests; never production. Opens the database and restores the
 * session; each port's code loads when the app first uses it (a page downloads and runs the
 * ones it reads, not the whole backend).
 */
export async function openLocalBackend(
  options: LocalBackendOptions = {},
): Promise<OpenedLocalBackend> {
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  const now = options.now ?? (() => new Date());
  const iterations = options.passwordIterations ?? DEFAULT_PBKDF2_ITERATIONS;
  const origin = options.origin ?? window.location.origin;

  const db = new LocalDb(dbName);
  await db.open();
  // The demo data, and the code that writes it, only for an empty database.
  const seed = async () => (await import('./seed')).seedIfEmpty(db, { now: now() });
  const empty = (await db.accounts.count()) === 0 && (await db.events.count()) === 0;
  if ((options.seed ?? true) && empty) await seed();

  const auth = new LocalAuth({
    db,
    origin,
    iterations,
    now,
    sessionKey: `sc.local-session:${dbName}`,
  });
  await auth.restore();

  const ctx: LocalContext = { db, now, currentUser: () => auth.currentUser() };
  // The use cases written once for both backends run on one storage adapter here, on the Dexie
  // database, loaded with the first of them.
  let storage: Promise<UseCaseContext> | null = null;
  const openUseCases = () =>
    (storage ??= import('./storage').then(({ dexieStorage }) => ({
      storage: dexieStorage(db, now),
      session: () => currentSession(ctx),
      now,
    })));
  // One LocalApi for the port and the schedule, so they share its counters (as the Functions
  // share Firestore's).
  let localApi: Promise<LocalApi> | null = null;
  const loadApi = () => {
    localApi ??= import('./local-api').then((m) => new m.LocalApi(ctx, origin));
    localApi.catch(() => (localApi = null));
    return localApi;
  };
  // What the use cases call for mail and the Functions' other work: its code loads on the first
  // call (a use case is built before any of them is made).
  const api = deferPort('api', loadApi);

  return {
    kind: 'local',
    db,
    auth,
    api,
    ports: {
      auth: async () => auth,
      files: async () => new (await import('./local-files')).LocalFiles(ctx, await openUseCases()),
      api: loadApi,
      ...sharedPortLoaders(openUseCases, api),
    },
    dev: {
      outbox: () => readOutbox(db),
      clearOutbox: () => db.outbox.clear(),
      resetDemoData: async () => {
        await (await import('./seed')).wipe(db);
        await seed();
        await auth.signOut();
      },
      demoAccounts: DEMO_ACCOUNTS,
    },
    scheduled: {
      runDueReminders: async () => void (await (await loadApi()).runDueReminders()),
      runHeadcountDecisions: async () => void (await (await loadApi()).runHeadcountDecisions()),
      runSeriesDates: async (id) =>
        void (await import('./local-series')).runLocalSeriesDates(
          (await openUseCases()).storage,
          db,
          now,
          id,
        ),
      runAutoAttendance: async () => {
        const { runLocalAutoAttendance } = await import('./local-auto-attendance');
        await runLocalAutoAttendance((await openUseCases()).storage, now);
      },
    },
    close: () => db.close(),
  };
}
