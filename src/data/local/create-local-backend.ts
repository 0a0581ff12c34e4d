import { DEMO_ACCOUNTS } from '@/data/demo/accounts';
import type { Backend } from '@/data/ports/backend';
import { deferPort } from '@/lib/deferred-port';
import { currentSession, type LocalContext } from './context';
import { DEFAULT_DB_NAME, LocalDb } from './db';
import { newId } from './ids';
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
  const api = deferPort('api', async () => new (await import('./local-api')).LocalApi(ctx, origin));

  return {
    kind: 'local',
    db,
    auth,
    users: deferPort('users', async () => new (await import('./local-users')).LocalUsers(ctx)),
    events: deferPort(
      'events',
      async () => new (await import('./local-events')).LocalEvents(ctx, api),
    ),
    participation: deferPort('participation', async () => {
      // The use cases written once for both backends, here on the Dexie database.
      const [{ participationUseCases }, { dexieStorage }] = await Promise.all([
        import('@/data/use-cases/participation'),
        import('./storage'),
      ]);
      const useCases = { storage: dexieStorage(db, now), session: () => currentSession(ctx), now };
      return participationUseCases(useCases, api);
    }),
    roster: deferPort('roster', async () => {
      const [{ rosterUseCases }, { dexieStorage }] = await Promise.all([
        import('@/data/use-cases/roster'),
        import('./storage'),
      ]);
      const useCases = { storage: dexieStorage(db, now), session: () => currentSession(ctx), now };
      return rosterUseCases(useCases, api);
    }),
    notifications: deferPort(
      'notifications',
      async () => new (await import('./local-notifications')).LocalNotifications(ctx),
    ),
    conversations: deferPort(
      'conversations',
      async () => new (await import('./local-conversations')).LocalConversations(ctx, api),
      // The id of a message to come needs no repository (the same ids as LocalConversations').
      { newMessageId: () => newId() },
    ),
    teams: deferPort('teams', async () => new (await import('./local-teams')).LocalTeams(ctx)),
    reports: deferPort(
      'reports',
      async () => new (await import('./local-reports')).LocalReports(ctx),
    ),
    staff: deferPort('staff', async () => new (await import('./local-staff')).LocalStaff(ctx)),
    files: deferPort('files', async () => new (await import('./local-files')).LocalFiles(ctx)),
    api,
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
    close: () => db.close(),
  };
}
