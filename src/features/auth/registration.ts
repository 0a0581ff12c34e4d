import type { AuthUser } from '@/data/ports/auth';
import type { Backend } from '@/data/ports/backend';
import { newUserDocument } from '@/domain/entities/user';
import { safeStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { recordLogin } from './record-login';

/**
 * A sign-up creates the account first and its profile document after. When it stops in between
 * (the network drops, the tab closes), the account exists without a profile and a new sign-up
 * only hears "address already in use". This module lets the next sign-in or sign-up finish it
 * (docs/profile.md "A sign-up that fails half-way").
 */

interface PendingRegistration {
  email: string;
  displayName: string;
  agreedToTerms: boolean;
}

/** Registrations running in this tab, by address: the session leaves their profile to them. */
const running = new Set<string>();

const normalized = (email: string) => email.trim().toLowerCase();

export function isRegistering(email: string): boolean {
  return running.has(normalized(email));
}

/**
 * Runs a registration, keeping what its profile needs (name, terms agreement) until it is done,
 * so a later completeRegistration in this browser writes the same document.
 */
export async function registering<T>(
  pending: PendingRegistration,
  run: () => Promise<T>,
): Promise<T> {
  const key = normalized(pending.email);
  running.add(key);
  safeStorage.set(
    STORAGE_KEYS.pendingRegistration,
    JSON.stringify({ ...pending, email: key } satisfies PendingRegistration),
  );
  try {
    const result = await run();
    safeStorage.remove(STORAGE_KEYS.pendingRegistration);
    return result;
  } finally {
    running.delete(key);
  }
}

function pendingFor(email: string): PendingRegistration | null {
  try {
    const v = JSON.parse(safeStorage.get(STORAGE_KEYS.pendingRegistration) ?? 'null') as unknown;
    const p = v as Partial<PendingRegistration> | null;
    return p?.email === normalized(email) &&
      typeof p.displayName === 'string' &&
      typeof p.agreedToTerms === 'boolean'
      ? (p as PendingRegistration)
      : null;
  } catch {
    return null;
  }
}

/**
 * Writes the missing profile of a signed-in account (users.create never overwrites one) and
 * resolves whether it did. The name and terms agreement come from the registration this browser
 * started, else the auth profile's name and no agreement (agreedAt null).
 */
export async function completeRegistration(backend: Backend, user: AuthUser): Promise<boolean> {
  const pending = pendingFor(user.email);
  const created = await backend.users.create(
    user.uid,
    newUserDocument({
      uid: user.uid,
      email: user.email,
      displayName: pending?.displayName || user.displayName,
      agreedToTerms: pending?.agreedToTerms ?? false,
    }),
  );
  if (created) await recordLogin(backend, user.uid);
  if (pending) safeStorage.remove(STORAGE_KEYS.pendingRegistration);
  return created;
}
