import type { Auth } from 'firebase/auth';
import type { LazyBackend } from '@/data/ports/backend';
import type { UseCaseContext } from '@/data/use-cases/context';
import { sharedPortLoaders } from '@/data/use-cases/shared-ports';
import { createApiPort } from '@/data/firebase/api';
import { restTarget, type FirebaseWebConfig } from '@/data/firebase/config';
import { firestoreRestStorage } from './rest-storage';

/**
 * Nobody is signed in on this device (./stored-session.ts), and Auth has not loaded: what the api
 * port reads of the session. The SDK backend replaces this one as soon as Auth loads
 * (./handover.ts).
 */
const SIGNED_OUT = {
  currentUser: null,
  authStateReady: () => Promise.resolve(),
} as unknown as Auth;

/** The ports the REST backend has: every shared one and the api (auth and files need the SDK). */
export type RestPorts = Omit<LazyBackend['ports'], 'auth' | 'files'>;

/**
 * The backend a visitor who is not signed in reads the first page with: the shared ports' use
 * cases (the SDK backend's, src/data/use-cases/shared-ports.ts) on Firestore's REST API
 * (./rest-storage.ts) instead of an SDK, with nobody signed in. Each port's use case loads on its
 * first use, as on the other backends, so a page downloads the ones it reads.
 */
export function createRestBackend(config: FirebaseWebConfig): RestPorts {
  const ctx: UseCaseContext = {
    storage: firestoreRestStorage(restTarget(config)),
    session: () => Promise.resolve(null),
    now: () => new Date(),
  };
  const api = createApiPort({ auth: SIGNED_OUT });
  return { api: async () => api, ...sharedPortLoaders(() => Promise.resolve(ctx), api) };
}
