import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { Backend } from '@/data/ports/backend';
import { QUERY_GC_TIME_MS } from '@/domain/constants';
import { SessionProvider } from '@/features/auth/session';
import { ConversationsFeedProvider } from '@/features/messages/conversations-feed';
import { NotificationsFeedProvider } from '@/features/notifications/notifications-feed';
import { BackendContext } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { createPersister, dehydrateOptions } from '@/lib/query-client';
import { ToastOutlet } from '@/lib/toast-outlet';

const persister = createPersister();

/** The mark the prerender puts on the form controls it disables (scripts/prerender-plugin.ts). */
export const WAITING_CONTROL = 'data-waits-for-app';

/**
 * Once the page is the app's, the controls the prerender disabled take input. Rendered by the
 * prerender too (as nothing), so both trees are the same shape and give the same useId ids.
 */
function EnableWaitingControls() {
  useEffect(() => {
    for (const control of document.querySelectorAll(`[${WAITING_CONTROL}]`)) {
      control.removeAttribute('disabled');
      control.removeAttribute(WAITING_CONTROL);
    }
  }, []);
  return null;
}

/**
 * The providers around the router. They render at once, before the backend has loaded (calls
 * wait for it: src/app/deferred-backend.ts), so the first frame is the screen's own loading state
 * — the same markup the build prerendered for it (src/app/prerender.tsx), which React hydrates.
 * If the backend cannot load, the app says so instead.
 */
export function App({
  backend,
  ready,
  queryClient,
  children,
}: {
  backend: Backend;
  ready: Promise<unknown>;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    ready.catch((e: unknown) => {
      logger.error('loadBackend', e);
      if (live) setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);

  if (failed) {
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-xl font-bold">アプリを起動できませんでした</h1>
        <p className="mt-3 text-slate-600">通信環境を確認して、ページを再読み込みしてください。</p>
      </div>
    );
  }

  return (
    <StrictMode>
      <BackendContext.Provider value={backend}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{
            persister,
            maxAge: QUERY_GC_TIME_MS,
            buster: backend.kind,
            dehydrateOptions,
          }}
        >
          <SessionProvider>
            <NotificationsFeedProvider>
              <ConversationsFeedProvider>
                {children}
                <EnableWaitingControls />
              </ConversationsFeedProvider>
            </NotificationsFeedProvider>
          </SessionProvider>
          <ToastOutlet />
        </PersistQueryClientProvider>
      </BackendContext.Provider>
    </StrictMode>
  );
}
