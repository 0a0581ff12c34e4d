import { afterEach, beforeEach, expect } from 'vitest';
import type { Backend } from '@/data/ports/backend';
import type { EventInput } from '@/data/ports/events';
import type { TeamInput } from '@/data/ports/teams';
import { newUserDocument } from '@/domain/entities/user';
import { failureCode, type FailureCode } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import type { ContractHarness } from './harness';

/** A fresh harness per test, disposed after it; returns the accessor for the current one. */
export function useHarness<H extends { dispose(): Promise<void> } = ContractHarness>(
  factory: () => Promise<H>,
): () => H {
  let current: H | null = null;
  beforeEach(async () => {
    current = await factory();
  });
  afterEach(async () => {
    await current?.dispose();
    current = null;
  });
  return () => {
    if (!current) throw new Error('harness used outside a test');
    return current;
  };
}

const RESOLVED = Symbol('resolved');

/** What the promise rejected with, or RESOLVED. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return RESOLVED;
  } catch (e) {
    return e;
  }
}

/** Awaits a rejection and checks its message byte for byte (toThrow only checks a substring). */
export async function expectRejection(promise: Promise<unknown>, message: string): Promise<Error> {
  const caught = await rejectionOf(promise);
  expect(caught, `expected a rejection with "${message}"`).toBeInstanceOf(Error);
  expect((caught as Error).message).toBe(message);
  return caught as Error;
}

/**
 * Awaits a rejection that is not a rule of the domain: the service refused, or the network
 * failed (failureCode in src/domain/errors.ts, the same on both backends).
 */
export async function expectFailure(promise: Promise<unknown>, code: FailureCode): Promise<void> {
  const caught = await rejectionOf(promise);
  expect(caught, `expected a rejection with failure code ${code}`).not.toBe(RESOLVED);
  expect(failureCode(caught), String(caught)).toBe(code);
}

/**
 * The error a live listener reports (onError). Firestore may first deliver what this client
 * already holds in its cache (from an earlier session in the same tab) before the server refuses,
 * so data deliveries are not the answer; only the error is.
 */
export function liveFailure(
  subscribe: (onChange: () => void, onError: (e: unknown) => void) => () => void,
  timeoutMs = 4000,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let unsubscribe: (() => void) | null = null;
    const timer = setTimeout(() => {
      unsubscribe?.();
      reject(new Error('no error reported'));
    }, timeoutMs);
    unsubscribe = subscribe(
      () => {},
      (e) => {
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe?.());
        resolve(e);
      },
    );
  });
}

/** Awaits a rejection carrying an auth code (AuthError-shaped). */
export async function expectAuthCode(
  promise: Promise<unknown>,
  code: string,
): Promise<Error & { code: string }> {
  const caught = await rejectionOf(promise);
  expect(caught, `expected a rejection with code ${code}`).toBeInstanceOf(Error);
  expect((caught as { code?: string }).code).toBe(code);
  return caught as Error & { code: string };
}

type Subscribe<T> = (onChange: (value: T) => void, onError: (e: unknown) => void) => () => void;

/**
 * Subscribes and resolves with the first delivered value that satisfies `accept`, then
 * unsubscribes. Live listeners deliver asynchronously on both backends, so tests wait for the
 * state they expect instead of assuming the first callback already has it. Waits as long as
 * LIVE_WAIT: 4 s was once too short for the emulator on a loaded 2-core machine.
 */
export function waitForLive<T>(
  subscribe: Subscribe<T>,
  accept: (value: T) => boolean,
  timeoutMs = LIVE_WAIT.timeout,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let last: T | undefined;
    let unsubscribe: (() => void) | null = null;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // The listener may fire during subscribe(), before unsubscribe exists.
      queueMicrotask(() => unsubscribe?.());
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() => reject(new Error(`live value not reached; last: ${JSON.stringify(last)}`))),
      timeoutMs,
    );
    unsubscribe = subscribe(
      (value) => {
        last = value;
        if (accept(value)) finish(() => resolve(value));
      },
      (e) => finish(() => reject(e)),
    );
  });
}

/**
 * A listener kept open across changes: every value it delivers, in order, and its failure. For
 * the cases that show one listener following a change (waitForLive subscribes anew each time).
 */
export function collectLive<T>(subscribe: Subscribe<T>): {
  seen: T[];
  latest: () => T | undefined;
  error: () => unknown;
  stop: () => void;
} {
  const seen: T[] = [];
  let error: unknown = null;
  const stop = subscribe(
    (value) => seen.push(value),
    (e) => (error = e),
  );
  return { seen, latest: () => seen.at(-1), error: () => error, stop };
}

/** vi.waitFor's wait for a live listener: long enough for the emulator under load. */
export const LIVE_WAIT = { timeout: 8000, interval: 50 };

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** yyyy-MM-dd of today plus `days` (local time, as the event form gives). */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return formatIsoDate(d);
}

/** A team's creation form, filled in (docs/teams.md). */
export function teamInput(overrides: Partial<TeamInput> = {}): TeamInput {
  return {
    name: '世田谷フットサルクラブ',
    description: '毎週末に活動しています',
    sportType: 'フットサル',
    region: '関東',
    level: '誰でも',
    activity: '毎週土曜',
    maxMembers: 20,
    recruiting: true,
    imageURL: '',
    imagePath: '',
    ...overrides,
  };
}

export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  return {
    title: '週末フットサル',
    description: '楽しくプレーしましょう',
    sportType: 'フットサル',
    location: '世田谷区総合運動場',
    region: '関東',
    level: '誰でも',
    teamId: '',
    teamName: '',
    date: dayFromToday(7),
    startTime: '10:00',
    endTime: '12:00',
    fee: 1000,
    capacity: 10,
    imageURL: '',
    imagePath: '',
    ...overrides,
  };
}

/** The oobCode query parameter of the first link in a mail. */
export function oobCodeOf(links: string[]): string {
  for (const link of links) {
    const code = new URL(link).searchParams.get('oobCode');
    if (code) return code;
  }
  throw new Error(`no oobCode in ${links.join(', ')}`);
}

/**
 * What both harnesses' signUpAs do: an account through the real flow (the code from the
 * verification mail, found by `verificationLinks`), then its registration document, verified.
 */
export async function signUpVerified(
  backend: Backend,
  email: string,
  password: string,
  label: string,
  verificationLinks: () => Promise<string[]>,
): Promise<string> {
  const user = await backend.auth.signUp(email, password, label);
  await backend.auth.sendEmailVerification();
  await backend.auth.applyActionCode(oobCodeOf(await verificationLinks()));
  await backend.auth.reload();
  await backend.users.create(
    user.uid,
    newUserDocument({ uid: user.uid, email, displayName: label, agreedToTerms: true }),
  );
  await backend.users.markEmailVerified(user.uid);
  return user.uid;
}
