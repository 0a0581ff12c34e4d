import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createAuthRecipients, createFirestoreReads } from '@functions/firestore-deps';
import type { HandlerRequest, HandlerResponse, Logger } from '@mail/handlers/common';
import { handleSendEmail, type SendEmailDeps } from '@mail/handlers/send-email';
import {
  handleTrackUnreadMessage,
  type TrackUnreadDeps,
} from '@mail/handlers/track-unread-message';
import { createMemoryRateLimiter } from '@mail/policy';
import { createMailer, DEFAULT_FROM } from '@functions/mail/transport';
import { API_PATHS } from '@/data/firebase/api';
import type { OutboxMail } from '@/data/ports/backend';
import { extractLinks } from '@/data/local/outbox';
import { createSeriesStores } from '@functions/series-stores';
import { createAutoAttendanceStores } from '@functions/auto-attendance-stores';
import { runAutoAttendance } from '@mail/handlers/auto-attendance';
import { createHeadcountStores } from '@functions/headcount-stores';
import { createSeriesChangeStores } from '@functions/series-change-stores';
import { handleSeriesChange } from '@mail/handlers/series-changes';
import { runHeadcountDecisions, type HeadcountRun } from '@mail/handlers/headcount-decisions';
import {
  generateSeriesDates,
  handleSeriesDates,
  runSeriesDates,
} from '@mail/handlers/series-dates';

/**
 * The two Cloud Functions run in this process for the Firebase contract harness: the handlers
 * (mail/handlers) with the dependencies functions/src/index.ts gives them in production — the
 * Admin SDK's Firestore reads and Auth lookups (here against the emulators the test run
 * announces) and nodemailer's capturing transport — except that the rate limits count in memory,
 * as in the Functions emulator. The app's api port reaches them through `fetch`, so the request
 * body, the ID token and the answer take the same way as in production; what the transport
 * captured is the harness's notification outbox.
 */
let admin: App | null = null;

function adminApp(projectId: string): App {
  admin ??= initializeApp({ projectId }, `contract-functions-${crypto.randomUUID()}`);
  return admin;
}

/** Ends the Admin SDK's connections; the Firebase suite calls it once after all its tests. */
export async function closeInProcessFunctions(): Promise<void> {
  if (admin) await deleteApp(admin);
  admin = null;
}

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function inProcessFunctions(opts: { projectId: string; appBaseUrl: string }): {
  fetch: typeof fetch;
  outbox: () => Promise<OutboxMail[]>;
  runSeriesDates: (now: Date, seriesId?: string) => Promise<number>;
  runAutoAttendance: (now: Date) => Promise<number>;
  runHeadcountDecisions: (now: Date) => Promise<HeadcountRun>;
  failNoticeCommits: (commits: number) => void;
} {
  const app = adminApp(opts.projectId);
  const now = () => new Date();
  const mailer = createMailer(
    { capture: true, smtpUrl: undefined, from: DEFAULT_FROM },
    quiet,
    500,
  );
  const reads = createFirestoreReads(getFirestore(app));
  let failingCommits = 0;
  const deps: SendEmailDeps & TrackUnreadDeps = {
    ...reads,
    // The harness's injected failure of a notice commit (failNoticeCommits).
    async writeAnnouncementNotices(notices) {
      if (failingCommits > 0) {
        failingCommits--;
        throw new Error('injected write fault');
      }
      await reads.writeAnnouncementNotices(notices);
    },
    ...createAuthRecipients(getAuth(app)),
    verifyIdToken: async (token) => ({ uid: (await getAuth(app).verifyIdToken(token, true)).uid }),
    sendMail: (mail) => mailer.send(mail),
    throttle: createMemoryRateLimiter(now),
    now,
    appBaseUrl: opts.appBaseUrl,
    log: quiet,
  };
  const routes: Record<string, (req: HandlerRequest) => Promise<HandlerResponse>> = {
    [API_PATHS.sendEmail]: (req) => handleSendEmail(req, deps),
    [API_PATHS.trackUnreadMessage]: (req) => handleTrackUnreadMessage(req, deps),
    [API_PATHS.seriesDates]: (req) =>
      handleSeriesDates(req, { ...deps, ...createSeriesStores(getFirestore(app)) }),
    [API_PATHS.seriesChange]: (req) =>
      handleSeriesChange(req, { ...deps, ...createSeriesChangeStores(getFirestore(app), now) }),
  };

  return {
    failNoticeCommits: (commits) => {
      failingCommits = commits;
    },
    async runSeriesDates(at, seriesId) {
      const run = { ...createSeriesStores(getFirestore(app)), now: () => at, log: quiet };
      return seriesId
        ? generateSeriesDates(run, seriesId)
        : (await runSeriesDates(run)).datesCreated;
    },
    async runAutoAttendance(at) {
      const run = await runAutoAttendance({
        ...createAutoAttendanceStores(getFirestore(app), () => at),
        now: () => at,
        log: quiet,
      });
      return run.marked;
    },
    runHeadcountDecisions: (at) =>
      runHeadcountDecisions({
        ...deps,
        now: () => at,
        ...createHeadcountStores(getFirestore(app), () => at),
      }),
    async fetch(input, init) {
      const route = routes[String(input)];
      if (!route) return new Response('{"error":"not_found"}', { status: 404 });
      const res = await route({
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      return new Response(JSON.stringify(res.body), {
        status: res.status,
        headers: { 'Content-Type': 'application/json', ...res.headers },
      });
    },
    async outbox() {
      return mailer
        .captured()
        .map((m, i) => ({
          id: String(i),
          to: m.to,
          subject: m.subject,
          body: m.text,
          links: extractLinks(m.text),
          sentAt: now(),
        }))
        .reverse();
    },
  };
}
