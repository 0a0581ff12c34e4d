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
import { assertMayWrite, isSuspended, type Actor } from '@/domain/rules/standing';
import type { UsersPort } from '@/data/ports/users';
import { logger } from '@/lib/logger';
import { userConverter, parsedDocs } from './converters';
import { currentUid, type FirebaseContext } from './context';

/** Firestore's `in` filter takes at most 30 values. */
const IN_LIMIT = 30;

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

export function createUsersPort(ctx: FirebaseContext): UsersPort {
  const paths = usersPaths(ctx);
  const isMe = (uid: string) => ctx.auth.currentUser?.uid === uid;

  /** The signed-in user as a write sees them, from the auth token and their profile's standing. */
  const actorOf = (uid: string | null, profile: unknown): Actor | null =>
    uid
      ? {
          uid,
          emailVerified: ctx.auth.currentUser?.emailVerified ?? false,
          suspended: isSuspended(profile as { isActive?: boolean } | undefined),
        }
      : null;

  /** Writes of the owner's private documents: signed in and not suspended (their profile). */
  const activeActor = async (): Promise<void> => {
    const me = await currentUid(ctx);
    const mine = me ? await getDoc(paths.profile(me)) : null;
    assertMayWrite(actorOf(me, mine?.data()), 'active');
  };

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
      // The rules refuse anyone else's; checked first, since an existing profile is not written.
      if (!uid || (await currentUid(ctx)) !== uid) throw new BackendError('permission-denied');
      return runTransaction(ctx.db, async (tx) => {
        if ((await tx.get(paths.profile(uid))).exists()) return false;
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
          isActive: true,
          lastLoginAt: serverTimestamp(),
        });
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
      const me = await currentUid(ctx);
      await runTransaction(ctx.db, async (tx) => {
        const mine = me ? await tx.get(paths.profile(me)) : null;
        assertMayWrite(actorOf(me, mine?.data()), 'active');
        if (!mine?.exists()) throw new DomainError('profileNotFound');
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
      await activeActor();
      await setDoc(paths.settings(uid), {
        mail: emailSettingsSchema.parse({ mail: settings }),
        updatedAt: serverTimestamp(),
      });
    },

    async markEmailVerified(uid) {
      const user = ctx.auth.currentUser;
      // The rules accept emailVerified only with a verified token; the token minted before the
      // link was clicked still says false, so refresh it first.
      if (user && user.uid === uid) await user.getIdToken(true);
      await updateDoc(paths.profile(uid), { emailVerified: true, updatedAt: serverTimestamp() });
    },

    async recordLogin(uid) {
      const profile = await getDoc(paths.profile(uid));
      if (!profile.exists()) return;
      const legacyEmail: unknown = profile.get('email');
      const batch = writeBatch(ctx.db);
      batch.update(paths.profile(uid), { lastLoginAt: serverTimestamp(), isActive: true });
      if (typeof legacyEmail === 'string') {
        // A profile written before the public/private split: its email moves out of sight.
        batch.update(paths.profile(uid), { email: deleteField() });
        if (legacyEmail)
          batch.set(
            paths.account(uid),
            { email: legacyEmail, updatedAt: serverTimestamp() },
            { merge: true },
          );
      }
      await batch.commit();
    },
  };
}
