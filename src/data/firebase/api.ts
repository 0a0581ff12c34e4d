import type { ApiPort } from '@/data/ports/api';
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
} as const;

/**
 * SPEC §7: both calls are side effects of an action that already succeeded. Their response is
 * only logged and a failure never reaches the caller.
 */
export function createApiPort(ctx: FirebaseContext, fetchImpl: typeof fetch = fetch): ApiPort {
  const post = async (context: string, url: string, payload: unknown): Promise<void> => {
    try {
      await ctx.auth.authStateReady();
      const user = ctx.auth.currentUser;
      if (!user) {
        logger.warn(context, 'not sent: no signed-in user to authorize the call');
        return;
      }
      const token = await user.getIdToken();
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      const body = await res.text().catch(() => '');
      if (res.ok) logger.info(context, { status: res.status, body });
      else logger.error(context, new Error(`${res.status}: ${body || res.statusText}`));
    } catch (e) {
      logger.error(context, e);
    }
  };

  return {
    sendNotificationEmail: (payload) =>
      post('api.sendNotificationEmail', API_PATHS.sendEmail, payload),
    trackUnreadMessage: (payload) =>
      post('api.trackUnreadMessage', API_PATHS.trackUnreadMessage, payload),
  };
}
