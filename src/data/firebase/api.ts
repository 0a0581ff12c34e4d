import type { ApiPort } from '@/data/ports/api';
import { DomainError } from '@/domain/errors';
import { logger } from '@/lib/logger';
import type { FirebaseContext } from './context';

export interface ApiEndpoints {
  sendEmail: string;
  trackUnreadMessage: string;
}

/**
 * In production Hosting rewrites the two /api paths to the functions sendEmail and
 * trackUnreadMessage (firebase.json), so the app calls its own origin. Against the emulators the
 * Vite dev server has no such rewrite, so the calls go straight to the Functions emulator's URLs.
 */
export function apiEndpoints(opts: {
  useEmulators: boolean;
  host: string;
  port: number;
  projectId: string;
}): ApiEndpoints {
  if (!opts.useEmulators) {
    return {
      sendEmail: '/api/notifications/send-email',
      trackUnreadMessage: '/api/track-unread-message',
    };
  }
  const base = `http://${opts.host}:${opts.port}/${opts.projectId}/us-central1`;
  return { sendEmail: `${base}/sendEmail`, trackUnreadMessage: `${base}/trackUnreadMessage` };
}

/**
 * POSTs with the caller's ID token. Rejects on anything but a 2xx answer ("status: body") and on
 * a network failure; the callers run it as a side effect (src/lib/side-effects.ts), which logs.
 */
export function createApiPort(
  ctx: FirebaseContext,
  endpoints: ApiEndpoints,
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
      post('api.sendNotificationEmail', endpoints.sendEmail, payload),
    trackUnreadMessage: (payload) =>
      post('api.trackUnreadMessage', endpoints.trackUnreadMessage, payload),
  };
}
