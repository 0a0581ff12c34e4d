import type { Backend } from '@/data/ports/backend';
import type { AuthPort } from '@/data/ports/auth';
import type { FilesPort } from '@/data/ports/files';
import { createApiPort } from './api';
import { currentSession, type FirebaseContext } from './context';
import { firestoreStorage } from './storage';
import { eventUseCases } from '@/data/use-cases/events';
import { usersUseCases } from '@/data/use-cases/users';
import { conversationsUseCases } from '@/data/use-cases/conversations';
import { notificationsUseCases } from '@/data/use-cases/notifications';
import { participationUseCases } from '@/data/use-cases/participation';
import { attendanceUseCases } from '@/data/use-cases/attendance';
import { teamUseCases } from '@/data/use-cases/teams';
import { reportsUseCases } from '@/data/use-cases/reports';
import { staffUseCases } from '@/data/use-cases/staff';
import { rosterUseCases } from '@/data/use-cases/roster';
import { seriesUseCases } from '@/data/use-cases/series';
import type { UseCaseContext } from '@/data/use-cases/context';

/**
 * The ports on initialized SDK services, with the auth and files ports given (the full backend's:
 * src/data/firebase/create-firebase-backend.ts). The first-read backend
 * (src/data/firebase/first-read.ts) wires the same use cases on Firestore's REST API.
 */
export function composeFirebaseBackend(
  ctx: FirebaseContext,
  given: { auth: AuthPort; files: FilesPort; fetch?: typeof fetch },
): Backend {
  const api = createApiPort(ctx, given.fetch);
  // The use cases written once for both backends, here on Firestore.
  const useCases: UseCaseContext = {
    storage: firestoreStorage(ctx.db),
    session: () => currentSession(ctx),
    now: () => new Date(),
  };
  return {
    kind: 'firebase',
    auth: given.auth,
    users: usersUseCases(useCases),
    events: eventUseCases(useCases, api),
    participation: participationUseCases(useCases, api),
    roster: rosterUseCases(useCases, api),
    notifications: notificationsUseCases(useCases),
    conversations: conversationsUseCases(useCases, api),
    teams: teamUseCases(useCases),
    reports: reportsUseCases(useCases),
    staff: staffUseCases(useCases),
    files: given.files,
    api,
    attendance: attendanceUseCases(useCases),
    series: seriesUseCases(useCases, api),
  };
}
