import { useEffect, useMemo, useState } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Backend } from '@/data/ports/backend';
import { QUERY_GC_TIME_MS } from '@/domain/constants';
import { SessionProvider } from '@/features/auth/session';
import { ConversationsFeedProvider } from '@/features/messages/conversations-feed';
import { NotificationsFeedProvider } from '@/features/notifications/notifications-feed';
import { Spinner } from '@/components/ui/spinner';
import { BackendContext } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { createPersister, createQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast-store';
import { ToastOutlet } from '@/lib/toast-outlet';
import { buildRoutes, preloadScreen } from './routes';
import { loadBackend } from './backend';

const queryClient = createQueryClient((message) => toast({ title: message, variant: 'error' }));
const persister = createPersister();

let starting: Promise<Backend> | null = null;

/**
 * Starts the backend and the current screen's code together, before React's first render
 * (main.tsx); App waits on the same promise.
 */
export function startApp(): Promise<Backend> {
  if (!starting) {
    void preloadScreen(window.location.pathname);
    starting = loadBackend();
  }
  return starting;
}

export function App() {
  const [backend, setBackend] = useState<Backend | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    startApp().then(setBackend, (e: unknown) => {
      logger.error('loadBackend', e);
      setFailed(true);
    });
  }, []);

  const router = useMemo(
    () =>
      backend ? createBrowserRouter(buildRoutes({ devRoutes: backend.kind === 'local' })) : null,
    [backend],
  );

  if (failed) {
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-xl font-bold">アプリを起動できませんでした</h1>
        <p className="mt-3 text-slate-600">通信環境を確認して、ページを再読み込みしてください。</p>
      </div>
    );
  }
  if (!backend || !router) return <Spinner label="起動しています…" />;

  return (
    <BackendContext.Provider value={backend}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister, maxAge: QUERY_GC_TIME_MS, buster: backend.kind }}
      >
        <SessionProvider>
          <NotificationsFeedProvider>
            <ConversationsFeedProvider>
              <RouterProvider router={router} />
            </ConversationsFeedProvider>
          </NotificationsFeedProvider>
        </SessionProvider>
        <ToastOutlet />
      </PersistQueryClientProvider>
    </BackendContext.Provider>
  );
}
