import { fromBase64, toBase64 } from './base64';

/** Browser default: slow enough to make offline guessing of a leaked IndexedDB costly. */
export const DEFAULT_PBKDF2_ITERATIONS = 100_000;

const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordHash {
  passwordHash: string;
  salt: string;
  iterations: number;
}

export async function hashNewPassword(password: string, iterations: number): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { passwordHash: toBase64(hash), salt: toBase64(salt), iterations };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  return constantTimeEqual(actual, fromBase64(stored.passwordHash));
}

/**
 * Spends the same work as a real check when there is no account, so the response time does not
 * tell an attacker which email addresses are registered.
 */
export async function burnPasswordCheck(password: string, iterations: number): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), iterations);
}

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

/** Compares every byte whatever the first difference, so timing does not leak a prefix match. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
