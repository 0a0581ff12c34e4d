import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import * as logger from 'firebase-functions/logger';
import { defineString } from 'firebase-functions/params';
import { onRequest, type HttpsOptions } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import * as z from 'zod/mini';
import { createAuthRecipients, createFirestoreReads } from './firestore-deps.js';
import type { Logger } from '../../mail/handlers/common.js';
import { runEventReminders } from '../../mail/handlers/event-reminders.js';
import { handleSendEmail, type SendEmailDeps } from '../../mail/handlers/send-email.js';
import {
  handleTrackUnreadMessage,
  type TrackUnreadDeps,
} from '../../mail/handlers/track-unread-message.js';
import { httpHandler, originPolicy, textHandler } from './http.js';
import { createMailer, mailerConfigFromEnv } from './mail/transport.js';
import { createFirestoreRateLimiter } from './rate-limit.js';
import { createReminderStores } from './reminder-stores.js';
import { handleSeriesDates, runSeriesDates } from '../../mail/handlers/series-dates.js';
import { createSeriesStores } from './series-stores.js';
import { runAutoAttendance } from '../../mail/handlers/auto-attendance.js';
import { createAutoAttendanceStores } from './auto-attendance-stores.js';
import { handleSeriesChange } from '../../mail/handlers/series-changes.js';
import { createSeriesChangeStores } from './series-change-stores.js';
import { runHeadcountDecisions } from '../../mail/handlers/headcount-decisions.js';
import { createHeadcountStores } from './headcount-stores.js';
import { handleSeriesCalendar } from '../../mail/handlers/series-calendar.js';
import { createSeriesCalendarStores } from './series-calendar-stores.js';

/**
 * Where links in the mail point: the Hosting URL in production (set it in functions/.env.<project>
 * or at deploy), the Vite dev server by default.
 */
const APP_BASE_URL = defineString('APP_BASE_URL', { default: 'http://localhost:5173' });

/**
 * Region: the default (us-central1). firebase.json rewrites to the functions by name without a
 * region, which Hosting resolves to us-central1, and vite.config.ts's rewrites to the emulator
 * name us-central1 too. Moving to asia-northeast1 means changing all three together.
 */
const OPTIONS: HttpsOptions = {
  maxInstances: 10,
  timeoutSeconds: 30,
  memory: '256MiB',
  concurrency: 40,
};

const log: Logger = {
  info: (message, data) => logger.info(message, data ?? {}),
  warn: (message, data) => logger.warn(message, data ?? {}),
  error: (message, data) => logger.error(message, data ?? {}),
};

/**
 * The handlers use zod/mini (they are bundled into the web app too, where classic zod's size
 * matters), which carries no locale: without one every issue in a 400 says only "Invalid input".
 * The functions answer with zod's English messages, as they did on classic zod.
 */
z.config(z.locales.en());

const inEmulator = process.env.FUNCTIONS_EMULATOR === 'true';

if (getApps().length === 0) initializeApp();

let deps: (SendEmailDeps & TrackUnreadDeps) | null = null;

/** Built at the first request, when params and the environment are final. */
function productionDeps(): SendEmailDeps & TrackUnreadDeps {
  if (deps) return deps;
  const db = getFirestore();
  const now = () => new Date();
  const mailer = createMailer(mailerConfigFromEnv(), log);
  deps = {
    ...createFirestoreReads(db),
    // The recipient's address: the Auth service's verified one, never a document's.
    ...createAuthRecipients(getAuth()),
    // checkRevoked: a token of a signed-out-everywhere or disabled account is refused too.
    verifyIdToken: async (token) => ({ uid: (await getAuth().verifyIdToken(token, true)).uid }),
    sendMail: (mail) => mailer.send(mail),
    // The count lives in Firestore, across production instances and in the emulator alike (so
    // emptying the emulator's Firestore, as each browser journey does, resets it).
    throttle: createFirestoreRateLimiter(db, now),
    now,
    appBaseUrl: APP_BASE_URL.value().replace(/\/+$/, ''),
    log,
  };
  return deps;
}

let originCheck: ((origin: string) => boolean) | null = null;
const isAllowedOrigin = (origin: string): boolean => {
  originCheck ??= originPolicy({
    appBaseUrl: APP_BASE_URL.value(),
    extraOrigins: (process.env.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    allowLocalhost: inEmulator,
  });
  return originCheck(origin);
};

/** POST /api/notifications/send-email: approval and rejection mail (docs/mail.md). */
export const sendEmail = onRequest(
  OPTIONS,
  httpHandler((req) => handleSendEmail(req, productionDeps()), {
    isAllowedOrigin,
    log,
    name: 'sendEmail',
  }),
);

/** POST /api/track-unread-message: a mail about an unread message (docs/mail.md). */
export const trackUnreadMessage = onRequest(
  OPTIONS,
  httpHandler((req) => handleTrackUnreadMessage(req, productionDeps()), {
    isAllowedOrigin,
    log,
    name: 'trackUnreadMessage',
  }),
);

/** POST /api/series-dates: a new series' first dates at once (docs/series.md "Dates"). */
export const seriesDates = onRequest(
  OPTIONS,
  httpHandler(
    (req) => handleSeriesDates(req, { ...productionDeps(), ...createSeriesStores(getFirestore()) }),
    { isAllowedOrigin, log, name: 'seriesDates' },
  ),
);

/**
 * POST /api/series-change: 「この日以降すべて」 and ending a series, for its organizer (docs/series.md
 * "Changing and ending"): the later dates of one series change together, with their notices.
 */
export const seriesChange = onRequest(
  { ...OPTIONS, timeoutSeconds: 120 },
  httpHandler(
    (req) =>
      handleSeriesChange(req, {
        ...productionDeps(),
        ...createSeriesChangeStores(getFirestore(), () => new Date()),
      }),
    { isAllowedOrigin, log, name: 'seriesChange' },
  ),
);

/**
 * GET /calendar/series/<id>.ics: a series' calendar subscription, public (docs/calendar.md "A
 * series"): one series get and one bounded query of its dates, cached CDN-side for a while.
 */
export const seriesCalendar = onRequest(
  OPTIONS,
  textHandler(
    (req) =>
      handleSeriesCalendar(req, {
        ...createSeriesCalendarStores(getFirestore()),
        now: () => new Date(),
        appBaseUrl: APP_BASE_URL.value(),
      }),
    { log, name: 'seriesCalendar' },
  ),
);

/**
 * The day-before reminder (docs/notifications.md "Reminders"): every 15 minutes, Japan time.
 * No HTTP route leads here, so it runs in Tokyo, next to its users; a run reads and writes with
 * the Admin SDK and mails through the same policy as the HTTP functions. A run that fails is
 * logged and the next one catches up (every reminder stays due until its event starts).
 */
export const sendEventReminders = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'Asia/Tokyo',
    region: 'asia-northeast1',
    timeoutSeconds: 300,
    memory: '256MiB',
    maxInstances: 1,
  },
  async () => {
    const base = productionDeps();
    await runEventReminders({ ...base, ...createReminderStores(getFirestore(), base.now) });
  },
);

/**
 * The minimum headcount's decisions (docs/domain.md "Minimum headcount"): every 15 minutes,
 * Japan time, each event whose decision time has come is decided once (held, cancelled with its
 * notices and mail, or its organizer asked). A run that fails is logged; the event stays due
 * and the next run decides it.
 */
export const decideHeadcounts = onSchedule(
  {
    schedule: 'every 15 minutes',
    timeZone: 'Asia/Tokyo',
    region: 'asia-northeast1',
    timeoutSeconds: 300,
    memory: '256MiB',
    maxInstances: 1,
  },
  async () => {
    const base = productionDeps();
    await runHeadcountDecisions({ ...base, ...createHeadcountStores(getFirestore(), base.now) });
  },
);

const SERIES_SCHEDULE = {
  timeZone: 'Asia/Tokyo',
  region: 'asia-northeast1',
  timeoutSeconds: 300,
  memory: '256MiB' as const,
  maxInstances: 1,
};

/**
 * The series' dates (docs/series.md "Dates"): every hour, Japan time, the rolling window of each
 * due series is filled with its missing dates (deterministic ids: a rerun, or a run beside the
 * call of a new series' organizer, never creates one twice). A run that fails is logged and the next catches up.
 */
export const generateSeriesDatesScheduled = onSchedule(
  { ...SERIES_SCHEDULE, schedule: 'every 60 minutes' },
  async () => {
    await runSeriesDates({ ...createSeriesStores(getFirestore()), now: () => new Date(), log });
  },
);

/**
 * Automatic 出席 (docs/fees.md "Automatic 出席"): every 15 minutes, Japan time, the ended events'
 * check-ins become 出席 marks (never over a mark the organizer set); each event is finished once.
 * A run that fails is logged and the next one catches up (it looks back AUTO_ATTENDANCE_SCAN_DAYS).
 */
export const markCheckedInAttended = onSchedule(
  { ...SERIES_SCHEDULE, schedule: 'every 15 minutes' },
  async () => {
    const now = () => new Date();
    await runAutoAttendance({ ...createAutoAttendanceStores(getFirestore(), now), now, log });
  },
);
