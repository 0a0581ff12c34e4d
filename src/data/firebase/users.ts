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
import type { UsersPort } from '@/data/ports/users';
import { logger } from '@/lib/logger';
import { userConverter, parsedDocs } from './converters';
import type { FirebaseContext } from './context';

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
        isActive: true,
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
      await updateDoc(paths.profile(uid), { ...data, updatedAt: serverTimestamp() });
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
