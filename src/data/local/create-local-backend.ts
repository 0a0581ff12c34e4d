import { DEMO_ACCOUNTS } from '@/data/demo/accounts';
import type { Backend } from '@/data/ports/backend';
import type { UseCaseContext } from '@/data/use-cases/context';
import { deferPort } from '@/lib/deferred-port';
import { currentSession, type LocalContext } from './context';
import { DEFAULT_DB_NAME, LocalDb } from './db';
import { newId } from './ids';
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

/**
 * The in-browser backend: every port on IndexedDB through Dexie, local accounts, a mail outbox.
 * For development, demos and tests; never production.
 */
export async function createLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  const now = options.now ?? (() => new Date());
  const iterations = options.passwordIterations ?? DEFAULT_PBKDF2_ITERATIONS;
  const origin = options.origin ?? window.location.origin;

  const db = new LocalDb(dbName);
  await db.open();
  // The demo data, and the code that writes it, only for an empty database.
  const seed = async () => (await import('./seed')).seedIfEmpty(db, { now: now(), iterations });
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
  // Each repository's code loads when the app first uses it: a page downloads and runs the
  // ones it reads, not the whole backend (src/lib/deferred-port.ts).
  // The use cases written once for both backends run on one storage adapter here, on the Dexie
  // database, loaded with the first of them.
  let storage: Promise<UseCaseContext> | null = null;
  const useCases = () =>
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
  const api = deferPort('api', loadApi);

  return {
    kind: 'local',
    db,
    auth,
    users: deferPort('users', async () =>
      (await import('@/data/use-cases/users')).usersUseCases(await useCases()),
    ),
    events: deferPort('events', async () =>
      (await import('@/data/use-cases/events')).eventUseCases(await useCases(), api),
    ),
    participation: deferPort('participation', async () =>
      (await import('@/data/use-cases/participation')).participationUseCases(await useCases(), api),
    ),
    roster: deferPort('roster', async () =>
      (await import('@/data/use-cases/roster')).rosterUseCases(await useCases(), api),
    ),
    notifications: deferPort('notifications', async () =>
      (await import('@/data/use-cases/notifications')).notificationsUseCases(await useCases()),
    ),
    conversations: deferPort(
      'conversations',
      async () =>
        (await import('@/data/use-cases/conversations')).conversationsUseCases(
          await useCases(),
          api,
        ),
      // The id of a message to come needs no repository (the storage adapter's ids).
      { newMessageId: () => newId() },
    ),
    teams: deferPort('teams', async () =>
      (await import('@/data/use-cases/teams')).teamUseCases(await useCases()),
    ),
    reports: deferPort('reports', async () =>
      (await import('@/data/use-cases/reports')).reportsUseCases(await useCases()),
    ),
    staff: deferPort('staff', async () =>
      (await import('@/data/use-cases/staff')).staffUseCases(await useCases()),
    ),
    files: deferPort('files', async () => new (await import('./local-files')).LocalFiles(ctx)),
    api,
    attendance: deferPort('attendance', async () =>
      (await import('@/data/use-cases/attendance')).attendanceUseCases(await useCases()),
    ),
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
    },
    close: () => db.close(),
  };
}
