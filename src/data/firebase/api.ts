import type { ApiPort } from '@/data/ports/api';
import { DomainError } from '@/domain/errors';
import { logger } from '@/lib/logger';
import type { FirebaseContext } from './context';

/**
 * The app calls its own origin: Hosting rewrites these paths to the functions sendEmail and
 * trackUnreadMessage (firebase.json), and against the emulators the dev server and the preview
 * rewrite them the same way to the Functions emulator (vite.config.ts).
 */
export const API_PATHS = {
  sendEmail: '/api/notifications/send-email',
  trackUnreadMessage: '/api/track-unread-message',
  seriesDates: '/api/series-dates',
  seriesChange: '/api/series-change',
} as const;

/**
 * POSTs with the caller's ID token. Rejects on anything but a 2xx answer ("status: body") and on
 * a network failure; the callers run it as a side effect (src/lib/side-effects.ts), which logs.
 */
export function createApiPort(
  ctx: Pick<FirebaseContext, 'auth'>,
  fetchImpl: typeof fetch = fetch,
): ApiPort {
  const post = async (context: string, url: string, payload: unknown): Promise<void> => {
    await ctx.auth.authStateReady();
    const user = ctx.auth.currentUser;
    if (!user) throw new DomainError('loginRequired');
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await user.getIdToken()}`,
      },
      body: JSON.stringify(payload),
    });
    const body = await res.text().catch(() => '');
    if (!res.ok) throw new Error(`${res.status}: ${body || res.statusText}`);
    logger.info(context, { status: res.status, body });
  };

  return {
    sendNotificationEmail: (payload) =>
      post('api.sendNotificationEmail', API_PATHS.sendEmail, payload),
    trackUnreadMessage: (payload) =>
      post('api.trackUnreadMessage', API_PATHS.trackUnreadMessage, payload),
    seriesDates: (payload) => post('api.seriesDates', API_PATHS.seriesDates, payload),
    seriesChange: (payload) => post('api.seriesChange', API_PATHS.seriesChange, payload),
  };
}
