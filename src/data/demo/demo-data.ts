import { addDays, startOfDay } from 'date-fns';

/**
 * The shape of the demo data, described once and loaded by both backends (docs/demo-data.md):
 * the local seeder (src/data/local/seed.ts) writes it into IndexedDB, and the emulator seeder
 * (scripts/firebase-seed.ts) into the Auth and Firestore emulators.
 *
 * Documents are written at their Firestore paths, in the layout production uses (the email in
 * users/{uid}/private/account, messages under their conversation); the local seeder maps each
 * path to its table. Times are Dates relative to the clock a part is given, so the demo always
 * has upcoming events, recent messages and fresh notifications. Ids are fixed, so tests and demos
 * can point at seeded documents by name.
 */

/** A sign-in identity: an Auth user on Firebase, an account row on the local backend. */
export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  emailVerified: boolean;
  displayName: string;
  photoURL: string;
  createdAt: Date;
}

/** One document: `collection/id` or `collection/id/subcollection/id`. */
export interface DemoDoc {
  path: string;
  data: Record<string, unknown>;
}

export interface DemoData {
  accounts: DemoAccount[];
  docs: DemoDoc[];
}

/** The clock every part builds its times from. */
export interface DemoClock {
  now: Date;
  /** Local midnight of `now`'s day: event days are stored as the local midnight of the day. */
  today: Date;
  hoursAgo(hours: number): Date;
  /** Midnight, `days` days after today (negative: before). */
  day(days: number): Date;
  /** `days` days after `now`, same time of day (negative: before). */
  daysFromNow(days: number): Date;
}

/** A piece of the demo data, usually one feature's (src/data/demo/demo-parts.ts lists them). */
export type DemoPart = (clock: DemoClock) => Partial<DemoData>;

export function demoDoc(path: string, data: Record<string, unknown>): DemoDoc {
  const segments = path.split('/');
  if (segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    throw new Error(`Demo document path must be collection/id pairs: ${path}`);
  }
  return { path, data };
}

export function demoClock(now: Date): DemoClock {
  const today = startOfDay(now);
  return {
    now,
    today,
    hoursAgo: (hours) => new Date(now.getTime() - hours * 3_600_000),
    day: (days) => addDays(today, days),
    daysFromNow: (days) => addDays(now, days),
  };
}

/** Runs every part against one clock; a path or uid given twice is a mistake in the parts. */
export function combineDemoParts(parts: readonly DemoPart[], now: Date): DemoData {
  const clock = demoClock(now);
  const out: DemoData = { accounts: [], docs: [] };
  for (const part of parts) {
    const { accounts = [], docs = [] } = part(clock);
    out.accounts.push(...accounts);
    out.docs.push(...docs);
  }
  const duplicate = <T>(items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    return items.map(key).find((k) => (seen.has(k) ? true : (seen.add(k), false)));
  };
  const path = duplicate(out.docs, (d) => d.path);
  if (path) throw new Error(`Demo document written twice: ${path}`);
  const uid = duplicate(out.accounts, (a) => a.uid) ?? duplicate(out.accounts, (a) => a.email);
  if (uid) throw new Error(`Demo account given twice: ${uid}`);
  return out;
}
