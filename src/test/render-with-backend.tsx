import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Backend } from '@/data/ports/backend';
import { createLocalBackend, type LocalBackend } from '@/data/local/create-local-backend';
import { DEMO_PASSWORD } from '@/data/demo/people';
import { SessionProvider, useSession } from '@/features/auth/session';
import { NotificationsFeedProvider } from '@/features/notifications/notifications-feed';
import { BackendContext } from '@/lib/backend-context';
import { createQueryClient } from '@/lib/query-client';

/**
 * Feature tests may not import a backend implementation (ESLint); they get the local backend,
 * its type and the seed's well-known ids from here.
 */
export type TestBackend = LocalBackend;
export { DEMO_PASSWORD, DEMO_UIDS } from '@/data/demo/people';
export { seedEventId } from '@/data/demo/events';

let dbCounter = 0;

/**
 * A real local backend on fake-indexeddb, in a database of its own so tests never share data.
 * Password hashing is cheap here; seeding is on by default (the demo accounts and events).
 */
export async function createTestBackend(
  options: { seed?: boolean; now?: () => Date } = {},
): Promise<LocalBackend> {
  dbCounter += 1;
  return createLocalBackend({
    dbName: `test-${Date.now()}-${dbCounter}-${Math.random().toString(36).slice(2)}`,
    passwordIterations: 1_000,
    origin: 'http://localhost:3000',
    seed: options.seed ?? true,
    now: options.now,
  });
}

/** Signs a seeded demo account in (all share DEMO_PASSWORD). */
export async function signInAs(backend: Backend, email: string, password = DEMO_PASSWORD) {
  return backend.auth.signIn(email, password);
}

/** Shows where the router is, so a test can assert a navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Mounts the screen once the session has settled. A first sign-in in a tab clears the query
 * cache (docs/domain.md "States"), and a query already in flight at that moment would be dropped with it; the
 * app signs in on /login before such screens mount, so the tests start from the same point.
 */
function SessionSettled({ children }: { children: ReactNode }) {
  const { state } = useSession();
  return state.status === 'loading' ? null : <>{children}</>;
}

export interface RenderWithBackendOptions {
  /** The first location of the memory router. Default '/'. */
  route?: string;
  /** The route pattern `ui` is mounted at. Default '*'. */
  path?: string;
  /** Other screens to mount beside it, for navigation assertions. */
  routes?: { path: string; element: ReactNode }[];
  queryClient?: QueryClient;
}

/**
 * Renders `ui` inside the app's providers (backend, query client, session, notifications feed,
 * router) the way
 * src/app/app.tsx composes them, without the persisted cache. A LocationProbe is always mounted.
 */
export function renderWithBackend(
  ui: ReactNode,
  backend: Backend,
  options: RenderWithBackendOptions = {},
) {
  const queryClient = options.queryClient ?? createQueryClient();
  const result = render(
    <BackendContext.Provider value={backend}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <NotificationsFeedProvider>
            <MemoryRouter initialEntries={[options.route ?? '/']}>
              <SessionSettled>
                <Routes>
                  <Route path={options.path ?? '*'} element={ui} />
                  {(options.routes ?? []).map((r) => (
                    <Route key={r.path} path={r.path} element={r.element} />
                  ))}
                </Routes>
              </SessionSettled>
              <LocationProbe />
            </MemoryRouter>
          </NotificationsFeedProvider>
        </SessionProvider>
      </QueryClientProvider>
    </BackendContext.Provider>,
  );
  return { ...result, queryClient };
}
