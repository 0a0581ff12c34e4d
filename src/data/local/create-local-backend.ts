import { DEMO_ACCOUNTS } from '@/data/demo/people';
import type { Backend } from '@/data/ports/backend';
import { DEFAULT_DB_NAME, LocalDb } from './db';
import { LocalApi } from './local-api';
import { LocalAuth } from './local-auth';
import { LocalConversations } from './local-conversations';
import { LocalEvents } from './local-events';
import { LocalFiles } from './local-files';
import { LocalNotifications } from './local-notifications';
import { LocalParticipation } from './local-participation';
import { LocalReports } from './local-reports';
import { LocalStaff } from './local-staff';
import { LocalTeams } from './local-teams';
import { LocalUsers } from './local-users';
import { readOutbox } from './outbox';
import { DEFAULT_PBKDF2_ITERATIONS } from './password-hash';
import { seedIfEmpty, wipe } from './seed';
import type { LocalContext } from './context';

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
  if (options.seed ?? true) await seedIfEmpty(db, { now: now(), iterations });

  const auth = new LocalAuth({
    db,
    origin,
    iterations,
    now,
    sessionKey: `sc.local-session:${dbName}`,
  });
  await auth.restore();

  const ctx: LocalContext = { db, now, currentUser: () => auth.currentUser() };
  const api = new LocalApi(ctx, origin);

  return {
    kind: 'local',
    db,
    auth,
    users: new LocalUsers(ctx),
    events: new LocalEvents(ctx),
    participation: new LocalParticipation(ctx, api),
    notifications: new LocalNotifications(ctx),
    conversations: new LocalConversations(ctx, api),
    teams: new LocalTeams(ctx),
    reports: new LocalReports(ctx),
    staff: new LocalStaff(ctx),
    files: new LocalFiles(ctx),
    api,
    dev: {
      outbox: () => readOutbox(db),
      clearOutbox: () => db.outbox.clear(),
      resetDemoData: async () => {
        await wipe(db);
        await seedIfEmpty(db, { now: now(), iterations });
        await auth.signOut();
      },
      demoAccounts: DEMO_ACCOUNTS,
    },
    close: () => db.close(),
  };
}
