import {
  collection,
  deleteField,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import type { ProfileEdit, UserProfile } from '@/domain/entities/user';
import { assertMayWriteOwn } from '@/domain/rules/standing';
import type { UsersPort } from '@/data/ports/users';
import { logger } from '@/lib/logger';
import { userConverter, parsedDocs } from './converters';
import { currentActor, type FirebaseContext } from './context';
import { isRulesRefusal } from './query-error';

/** Firestore's `in` filter takes at most 30 values. */
const IN_LIMIT = 30;

const PROFILE_KEYS = [
  'displayName',
  'bio',
  'location',
  'gender',
  'birthDate',
  'photoURL',
] as const satisfies readonly (keyof ProfileEdit)[];

/**
 * Email privacy (DESIGN "Other users never see a person's email address"): users/{uid} is the
 * public profile and never holds the email; users/{uid}/private/account holds it and only the
 * owner (and staff) may read it. A profile read by anyone else therefore has email ''.
 */
export function usersPaths(ctx: FirebaseContext) {
  return {
    profile: (uid: string) => doc(ctx.db, 'users', uid),
    account: (uid: string) => doc(ctx.db, 'users', uid, 'private', 'account'),
  };
}

/** The pauses before markEmailVerified tries again after a refusal (see retryWhileRefused). */
export const VERIFIED_MARK_RETRY_DELAYS_MS = [1000, 3000] as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write that the rules may refuse for a moment after the ID token changed, and tries it
 * again after each delay. With the multi-tab cache only the primary tab talks to Firestore, with
 * its own copy of the token: a verification link opened in a second tab refreshes that tab's
 * token (email_verified true), but the write goes out with the primary tab's older one until the
 * primary picks the new token up from the shared session (within about a second). Every refusal
 * is logged; the last one is thrown to the caller, who logs it too.
 */
export async function retryWhileRefused(
  context: string,
  write: () => Promise<void>,
  delaysMs: readonly number[],
  wait: (ms: number) => Promise<void> = pause,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await write();
      return;
    } catch (e) {
      if (!isRulesRefusal(e) || attempt >= delaysMs.length) throw e;
      logger.warn(`${context}: refused by the rules, trying again (${attempt + 1})`, e);
      await wait(delaysMs[attempt]!);
    }
  }
}

export function createUsersPort(ctx: FirebaseContext): UsersPort {
  const paths = usersPaths(ctx);
  const isMe = (uid: string) => ctx.auth.currentUser?.uid === uid;

  const withOwnEmail = async (profile: UserProfile): Promise<UserProfile> => {
    if (!isMe(profile.id)) return profile;
    try {
      const account = await getDoc(paths.account(profile.id));
      const email = account.get('email');
      if (typeof email === 'string' && email) return { ...profile, email };
    } catch (e) {
      logger.warn('users.get: private account unreadable', e);
    }
    return { ...profile, email: ctx.auth.currentUser?.email ?? profile.email };
  };

  return {
    async get(uid) {
      if (!uid) return null;
      const snap = await getDoc(paths.profile(uid).withConverter(userConverter));
      if (!snap.exists()) return null;
      const profile = snap.data();
      return isMe(uid) ? withOwnEmail(profile) : { ...profile, email: '' };
    },

    async getMany(uids) {
      const ids = [...new Set(uids.filter(Boolean))];
      const out: UserProfile[] = [];
      for (let i = 0; i < ids.length; i += IN_LIMIT) {
        const chunk = ids.slice(i, i + IN_LIMIT);
        const snap = await getDocs(
          query(collection(ctx.db, 'users'), where(documentId(), 'in', chunk)).withConverter(
            userConverter,
          ),
        );
        out.push(...parsedDocs(snap, 'users.getMany'));
      }
      const byId = new Map(out.map((p) => [p.id, { ...p, email: isMe(p.id) ? p.email : '' }]));
      // Keep the caller's order (the event's participant order, say).
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async create(uid, d) {
      assertMayWriteOwn(await currentActor(ctx), uid);
      const batch = writeBatch(ctx.db);
      batch.set(paths.profile(uid), {
        displayName: d.displayName,
        photoURL: d.photoURL,
        bio: d.bio,
        location: d.location,
        gender: d.gender,
        birthDate: d.birthDate,
        emailVerified: false,
        customUserId: d.customUserId,
        firebaseUid: d.firebaseUid || uid,
        agreedAt: d.agreedToTerms ? serverTimestamp() : null,
        createdAt: serverTimestamp(),
        role: 'user',
        // Creating the account signs it in; the login record is the same as recordLogin's.
        // isActive is staff's to write (docs/security.md): missing means active.
        lastLoginAt: serverTimestamp(),
      });
      batch.set(paths.account(uid), { email: d.email, updatedAt: serverTimestamp() });
      await batch.commit();
    },

    async update(uid, patch) {
      const data: Record<string, unknown> = {};
      for (const key of PROFILE_KEYS) {
        if (patch[key] !== undefined) data[key] = patch[key];
      }
      if (Object.keys(data).length === 0) return;
      assertMayWriteOwn(await currentActor(ctx), uid);
      await updateDoc(paths.profile(uid), { ...data, updatedAt: serverTimestamp() });
    },

    async markEmailVerified(uid) {
      // The rules accept emailVerified only with a verified token: currentActor refreshes a
      // token minted before the link was opened.
      assertMayWriteOwn(await currentActor(ctx), uid);
      await retryWhileRefused(
        'users.markEmailVerified',
        () => updateDoc(paths.profile(uid), { emailVerified: true, updatedAt: serverTimestamp() }),
        VERIFIED_MARK_RETRY_DELAYS_MS,
      );
    },

    async recordLogin(uid) {
      try {
        const profile = await getDoc(paths.profile(uid));
        const legacyEmail: unknown = profile.get('email');
        // The sign-in stamp is the one write a suspended account still makes (docs/security.md);
        // the client never writes isActive, which is staff's.
        const stamp: Record<string, unknown> = { lastLoginAt: serverTimestamp() };
        // A profile written before the public/private split: its email moves out of sight.
        if (typeof legacyEmail === 'string') stamp.email = deleteField();
        const batch = writeBatch(ctx.db);
        batch.update(paths.profile(uid), stamp);
        if (typeof legacyEmail === 'string' && legacyEmail)
          batch.set(
            paths.account(uid),
            { email: legacyEmail, updatedAt: serverTimestamp() },
            { merge: true },
          );
        await batch.commit();
      } catch (e) {
        // SPEC §8: a failed last-login update is only logged.
        logger.error('users.recordLogin', e);
      }
    },
  };
}
