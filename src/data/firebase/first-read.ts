import type { Auth } from 'firebase/auth';
import type { AuthPort } from '@/data/ports/auth';
import type { Backend, PortName } from '@/data/ports/backend';
import type { FilesPort } from '@/data/ports/files';
import { autoId } from '@/data/storage/storage';
import type { UseCaseContext } from '@/data/use-cases/context';
import { deferPort } from '@/lib/deferred-port';
import { createApiPort } from './api';
import { restTarget, type FirebaseWebConfig } from './config';
import { firestoreRestStorage } from './firestore-rest';

/**
 * Nobody is signed in on this device (src/data/firebase/stored-session.ts), and Auth has not
 * loaded: what the api port reads of the session. Auth's real answer replaces this backend as
 * soon as Auth loads (src/data/firebase/staged-backend.ts).
 */
const SIGNED_OUT = {
  currentUser: null,
  authStateReady: () => Promise.resolve(),
} as unknown as Auth;

/**
 * The backend a visitor who is not signed in reads the first page with: the use cases of the full
 * backend (wired as src/data/firebase/compose.ts wires them) on Firestore's REST API
 * (src/data/firebase/firestore-rest.ts) instead of an SDK, with nobody signed in. Each port's use
 * cases load on its first use, as the local backend's do, so a page downloads the ones it reads
 * (a list of events does not bring the staff's or the teams' code). `auth` and `files` are the
 * staged backend's, which load the full SDK when used.
 */
export function createFirstReadBackend(
  config: FirebaseWebConfig,
  given: { auth: AuthPort; files: FilesPort },
): Backend {
  const ctx: UseCaseContext = {
    storage: firestoreRestStorage(restTarget(config)),
    session: () => Promise.resolve(null),
    now: () => new Date(),
  };
  const api = createApiPort({ auth: SIGNED_OUT });
  const port = <K extends Exclude<PortName, 'auth' | 'files' | 'api'>>(
    name: K,
    load: () => Promise<Backend[K]>,
  ) => deferPort<Backend[K]>(name, load);
  return {
    kind: 'firebase',
    auth: given.auth,
    files: given.files,
    api,
    users: port('users', async () => (await import('@/data/use-cases/users')).usersUseCases(ctx)),
    events: port('events', async () =>
      (await import('@/data/use-cases/events')).eventUseCases(ctx, api),
    ),
    participation: port('participation', async () =>
      (await import('@/data/use-cases/participation')).participationUseCases(ctx, api),
    ),
    roster: port('roster', async () =>
      (await import('@/data/use-cases/roster')).rosterUseCases(ctx, api),
    ),
    notifications: port('notifications', async () =>
      (await import('@/data/use-cases/notifications')).notificationsUseCases(ctx),
    ),
    conversations: deferPort(
      'conversations',
      async () => (await import('@/data/use-cases/conversations')).conversationsUseCases(ctx, api),
      // As the full backend's: an id shaped like Firestore's, made here.
      { newMessageId: () => autoId() },
    ),
    teams: port('teams', async () => (await import('@/data/use-cases/teams')).teamUseCases(ctx)),
    reports: port('reports', async () =>
      (await import('@/data/use-cases/reports')).reportsUseCases(ctx),
    ),
    staff: port('staff', async () => (await import('@/data/use-cases/staff')).staffUseCases(ctx)),
    attendance: port('attendance', async () =>
      (await import('@/data/use-cases/attendance')).attendanceUseCases(ctx),
    ),
    series: port('series', async () =>
      (await import('@/data/use-cases/series')).seriesUseCases(ctx, api),
    ),
  };
}
