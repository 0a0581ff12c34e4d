import {
  collection,
  deleteField,
  doc,
  documentId,
  getDoc,
  getDocs,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { emailSettingsSchema } from '@/domain/entities/email-settings';
import { userProfileSchema, type UserProfile } from '@/domain/entities/user';
import { BackendError, DomainError } from '@/domain/errors';
import { privateProfileOf, profileWrites, stalePublicFields } from '@/domain/profile';
import { assertMayWriteOwn, type Actor } from '@/domain/rules/standing';
import type { UsersPort } from '@/data/ports/users';
import { logger } from '@/lib/logger';
import { userConverter, parsedDocs } from './converters';
import { currentActor, currentUid, type FirebaseContext } from './context';
import { readInChunks } from './in-chunks';
import { isRulesRefusal } from './query-error';

/**
 * Privacy (docs/profile.md): users/{uid} is the public profile and never holds the email or a
 * hidden gender or birth date. users/{uid}/private/account holds the email (the owner and staff
 * read it), private/profile the gender and birth date with who sees them, private/settings the
 * email settings (the owner and the Functions read them). A profile read by anyone else
 * therefore has email ''.
 */
export function usersPaths(ctx: FirebaseContext) {
  const privateDoc = (uid: string, name: string) => doc(ctx.db, 'users', uid, 'private', name);
  return {
    profile: (uid: string) => doc(ctx.db, 'users', uid),
    account: (uid: string) => privateDoc(uid, 'account'),
    privateProfile: (uid: string) => privateDoc(uid, 'profile'),
    settings: (uid: string) => privateDoc(uid, 'settings'),
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

/**
 * A write to the caller's own documents: anyone else's is refused as the rules refuse it
 * ('permission-denied'), then the standing decides (loginRequired, accountSuspended).
 */
function ownerOnly(actor: Actor | null, uid: string): void {
  if (actor && actor.uid !== uid) throw new BackendError('permission-denied');
  assertMayWriteOwn(actor, uid);
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
      const out = await readInChunks(ids, async (chunk) =>
        parsedDocs(
          await getDocs(
            query(collection(ctx.db, 'users'), where(documentId(), 'in', chunk)).withConverter(
              userConverter,
            ),
          ),
          'users.getMany',
        ),
      );
      const byId = new Map(out.map((p) => [p.id, { ...p, email: isMe(p.id) ? p.email : '' }]));
      // Keep the caller's order (the event's participant order, say).
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    },

    async create(uid, d) {
      // The rules refuse anyone else's; checked first, since an existing profile is not written.
      if (!uid || (await currentUid(ctx)) !== uid) throw new BackendError('permission-denied');
      return runTransaction(ctx.db, async (tx) => {
        if ((await tx.get(paths.profile(uid))).exists()) return false;
        // The public id is reserved for this account in the same write (firestore.rules
        // customUserIds): staff looking it up find exactly this account.
        const reservation = d.customUserId ? doc(ctx.db, 'customUserIds', d.customUserId) : null;
        if (reservation && (await tx.get(reservation)).exists()) {
          throw new DomainError('customUserIdTaken');
        }
        tx.set(paths.profile(uid), {
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
        if (reservation) tx.set(reservation, { uid, createdAt: serverTimestamp() });
        // The rules take only the signed-in account's own address here.
        tx.set(paths.account(uid), { email: d.email, updatedAt: serverTimestamp() });
        return true;
      });
    },

    async getPrivateProfile(uid) {
      const [stored, profile] = await Promise.all([
        getDoc(paths.privateProfile(uid)),
        getDoc(paths.profile(uid).withConverter(userConverter)),
      ]);
      return privateProfileOf(stored.data() ?? null, profile.data() ?? null);
    },

    async saveProfile(uid, save) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await currentActor(ctx, tx);
        if (actor && !actor.profile) throw new DomainError('profileNotFound');
        ownerOnly(actor, uid);
        const { publicFields, privateFields } = profileWrites(uid, save, new Date());
        // Both documents in one write: the rules compare them (getAfter) to keep them consistent.
        tx.update(paths.profile(uid), { ...publicFields, updatedAt: serverTimestamp() });
        tx.set(paths.privateProfile(uid), { ...privateFields, updatedAt: serverTimestamp() });
      });
    },

    async syncPublicProfile(uid) {
      const [snap, stored] = await Promise.all([
        getDoc(paths.profile(uid)),
        getDoc(paths.privateProfile(uid)),
      ]);
      if (!snap.exists()) return false;
      const profile = userProfileSchema.parse({ ...snap.data(), id: uid });
      const privateProfile = privateProfileOf(stored.data() ?? null, profile);
      const fields = stalePublicFields(profile, privateProfile, new Date());
      if (!fields) return false;
      const batch = writeBatch(ctx.db);
      // Values an older version left public move to the private document first.
      if (!stored.exists())
        batch.set(paths.privateProfile(uid), { ...privateProfile, updatedAt: serverTimestamp() });
      batch.update(paths.profile(uid), { ...fields, updatedAt: serverTimestamp() });
      await batch.commit();
      return true;
    },

    async getEmailSettings(uid) {
      const snap = await getDoc(paths.settings(uid));
      return emailSettingsSchema.parse(snap.data() ?? null);
    },

    async saveEmailSettings(uid, settings) {
      ownerOnly(await currentActor(ctx), uid);
      await setDoc(paths.settings(uid), {
        mail: emailSettingsSchema.parse({ mail: settings }),
        updatedAt: serverTimestamp(),
      });
    },

    async markEmailVerified(uid) {
      // The rules accept emailVerified only with a verified token: currentActor refreshes a
      // token minted before the link was opened.
      ownerOnly(await currentActor(ctx), uid);
      await retryWhileRefused(
        'users.markEmailVerified',
        () => updateDoc(paths.profile(uid), { emailVerified: true, updatedAt: serverTimestamp() }),
        VERIFIED_MARK_RETRY_DELAYS_MS,
      );
    },

    async recordLogin(uid) {
      const profile = await getDoc(paths.profile(uid));
      if (!profile.exists()) return;
      const legacyEmail: unknown = profile.get('email');
      // The address kept is the account's own (the rules tie it to the ID token's).
      const accountEmail = ctx.auth.currentUser?.email ?? '';
      // The sign-in stamp is the one write a suspended account still makes (docs/security.md);
      // the client never writes isActive, which is staff's.
      const stamp: Record<string, unknown> = { lastLoginAt: serverTimestamp() };
      // A profile written before the public/private split: its email moves out of sight.
      if (typeof legacyEmail === 'string') stamp.email = deleteField();
      const batch = writeBatch(ctx.db);
      batch.update(paths.profile(uid), stamp);
      if (typeof legacyEmail === 'string' && legacyEmail && accountEmail)
        batch.set(
          paths.account(uid),
          { email: accountEmail, updatedAt: serverTimestamp() },
          { merge: true },
        );
      await batch.commit();
    },
  };
}
