import type { SharedPorts } from '@/data/use-cases/shared-ports';
import type { ApiPort } from './api';
import type { AuthPort } from './auth';
import type { FilesPort } from './files';

/**
 * How every port states its behaviour. Beside each method (on the use case in src/data/use-cases
 * for the ports both backends share, on the interface in this folder for auth, files and api):
 *
 * - **Missing**: what a missing document gives (null, left out of a list, or a rejection).
 * - **Fails**: what a refusal or a failure does. The default, written "throws", is: the promise
 *   rejects (a live listener calls onError) with
 *     - a DomainError carrying the catalogue message, for the refusals the method lists;
 *     - an error whose failureCode (src/domain/errors.ts) is 'permission-denied' where the
 *       service refuses (Firebase: the security rules; the local backend throws a BackendError
 *       with the same code in the same cases), or 'unavailable' when the network fails.
 *   No port catches and logs an error itself. The product's "only logged" failures are the
 *   callers' choice: side effects go through runSideEffect (src/lib/side-effects.ts); the
 *   notification actions are silent mutations the mutation cache logs.
 * - **Order / cap**: the order of a list and the most it returns (constants in
 *   src/domain/constants.ts); no read is unbounded.
 * - **Caller**: who may call it; anyone else gets the stated refusal.
 *
 * Rules that decide (who may see a list, which request counts, whether a mail goes out) are
 * functions in src/domain that the use cases call. tests/contract/<port>.contract.ts has a case
 * for each statement and runs on both backends.
 */
export type BackendKind = 'local' | 'firebase';

/**
 * Everything the features need from a backend; src/app picks the implementation. The ports both
 * backends share are their use cases as written (SHARED_PORTS in src/data/use-cases/shared-ports.ts),
 * so a screen's "go to definition" lands on the code that runs and each method is stated once;
 * auth, files and api differ per backend and are interfaces in this folder.
 */
export interface Backend extends SharedPorts {
  kind: BackendKind;
  auth: AuthPort;
  files: FilesPort;
  api: ApiPort;
  /** Local backend only: the captured mail and the demo data reset. */
  dev?: DevTools;
  /**
   * Local backend only: the work a schedule does on Firebase (the scheduled Cloud Function), run
   * by the open app instead (src/app/scheduled-work.ts).
   */
  scheduled?: ScheduledWork;
}

/** The members of a Backend that are ports (not its kind, nor the local backend's extras). */
export type PortName = Exclude<keyof Backend, 'kind' | 'dev' | 'scheduled'>;

/**
 * A backend as it opens: each port a function that loads it (its code, a chunk of its own),
 * called on the port's first use. The app wraps each port once (src/app/deferred-backend.ts): a
 * call from a screen passes that one proxy and reaches the use case.
 */
export interface LazyBackend {
  ports: { [K in PortName]: () => Promise<Backend[K]> };
  dev?: DevTools;
  scheduled?: ScheduledWork;
}

export interface ScheduledWork {
  /** One run of the day-before reminder: every reminder due now, once each. */
  runDueReminders(): Promise<void>;
  /** One run of the series date generator (all due series, or only `seriesId`'s window). */
  runSeriesDates(seriesId?: string): Promise<void>;
  /** One run of automatic 出席: the ended events' check-ins marked 出席 (docs/fees.md). */
  runAutoAttendance(): Promise<void>;
  /** One run of the minimum-headcount decision: every event whose decision time has come. */
  runHeadcountDecisions(): Promise<void>;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  links: string[];
  sentAt: Date;
}

export interface DevTools {
  outbox(): Promise<OutboxMail[]>;
  clearOutbox(): Promise<void>;
  resetDemoData(): Promise<void>;
  demoAccounts: { email: string; password: string; label: string }[];
}
