import type { Backend, OutboxMail } from '@/data/ports/backend';
import type { ReadFault } from './faults';
import type { HeadcountRun } from '@mail/handlers/headcount-decisions';

/** Where the app runs in the harnesses: the links in their mail start with it. */
export const APP_ORIGIN = 'http://localhost:5173';

/**
 * What a contract suite needs from a backend under test. Backend-neutral: the local harness
 * (local-harness.ts) builds one on fake-indexeddb; a Firebase harness builds one on the emulators.
 */
export interface ContractHarness {
  backend: Backend;
  /**
   * Creates an account with a verified email and its users profile (display name = label),
   * leaves it signed in, and returns its uid. The address is random unless given (the staff
   * suite signs up the set-up account by its address).
   */
  signUpAs(label: string, email?: string): Promise<string>;
  /**
   * Creates an account that never verified its email, with its users profile (display name =
   * label), leaves it signed in, and returns its uid.
   */
  signUpUnverifiedAs(label: string): Promise<string>;
  /**
   * What staff do to an account (docs/security.md "Suspension"): sets isActive on its users
   * document, past the client and its rules.
   */
  setSuspended(uid: string, suspended: boolean): Promise<void>;
  /** Stores a notification document exactly as given, past the client (older shapes). */
  seedNotification(id: string, doc: Record<string, unknown>): Promise<void>;
  /** Signs in as a user made by signUpAs. */
  signInAs(uid: string): Promise<void>;
  signOut(): Promise<void>;
  /** Auth mail the backend sent (verification, password reset), newest first. */
  outbox?: () => Promise<OutboxMail[]>;
  /**
   * Mail caused through the api port (approval, rejection, unread message), newest first: the
   * local outbox, or what the Functions' capturing transport kept (on Firebase the harness runs
   * the Functions in its own process, tests/contract/functions-in-process.ts).
   */
  notificationOutbox: () => Promise<OutboxMail[]>;
  /**
   * Makes the matching reads fail from now on, below the backend (a missing index, a network
   * failure), so the suites can check what each port does then. Undone by dispose.
   */
  failReads(fault: ReadFault): void;
  /**
   * How many documents the backend's queries have read so far (Firebase: what getDocs returned,
   * what Firestore bills; locally: the rows its index walks read), for the cases that bound a
   * screen's reads. Optional: a harness that cannot count leaves the bound unchecked.
   */
  queriedDocuments?: () => number;
  /**
   * Stores documents exactly as given, past every rule, the way an administrator (or time) would
   * leave them: for the cases that need old or many documents. Paths are Firestore paths
   * ('conversations/a_b', 'conversations/a_b/messages/m1'); values are plain data and Dates.
   */
  putDocuments(docs: { path: string; data: Record<string, unknown> }[]): Promise<void>;
  /**
   * Changes stored fields as the server (or an older version of the app) could, past the
   * rules and the ports: a date moved into the past, a suspended account, a legacy field.
   */
  serverUpdate(
    collection: 'users' | 'events' | 'participationRequests',
    id: string,
    fields: Record<string, unknown>,
  ): Promise<void>;
  /**
   * A time field as stored (epoch milliseconds), read past the rules and the ports, or null when
   * the document or the field is missing: for the cases about whether a write happened at all.
   */
  storedTime(collection: 'users' | 'events', id: string, field: string): Promise<number | null>;
  /**
   * One run of the series date generator (mail/handlers/series-dates.ts) at `now`, as the
   * schedule runs it (all due series) or as a new series' trigger does (`seriesId` only), with
   * the backend's own stores (Firebase: the Admin SDK's, in this process). Resolves with the
   * dates it created.
   */
  runSeriesDates(now: Date, seriesId?: string): Promise<number>;
  /**
   * One run of automatic 出席 (mail/handlers/auto-attendance.ts) at `now`, as the schedule runs
   * it, with the backend's own stores (Firebase: the Admin SDK's, in this process). Resolves
   * with the marks it wrote (on the emulator, other suites' ended events count too).
   */
  runAutoAttendance(now: Date): Promise<number>;
  /**
   * One run of the minimum-headcount decision (mail/handlers/headcount-decisions.ts) at `now`,
   * as the schedule runs it, with the backend's own stores and mail (Firebase: the Admin SDK's
   * and the capturing transport, in this process).
   */
  runHeadcountDecisions(now: Date): Promise<HeadcountRun>;
  /**
   * Makes the next `commits` commits of notifications fail, below the server's handler (locally
   * a Dexie middleware on the notifications table; on Firebase the Admin SDK's commit of the
   * in-process Functions): a partly failed お知らせ.
   */
  failNoticeCommits(commits: number): void;
  dispose(): Promise<void>;
}

/** A fresh, isolated backend per call. */
export type HarnessFactory = () => Promise<ContractHarness>;
