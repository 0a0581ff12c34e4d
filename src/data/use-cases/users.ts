import type { UsersPort } from '@/data/ports/users';
import { fieldOp, type DocData } from '@/data/storage/storage';
import { emailSettingsSchema } from '@/domain/entities/email-settings';
import { userProfileSchema, type UserProfile } from '@/domain/entities/user';
import { DomainError, failureCode } from '@/domain/errors';
import { privateProfileOf, profileWrites, stalePublicFields } from '@/domain/profile';
import { assertMayWriteOwn, type Actor } from '@/domain/rules/standing';
import { logger } from '@/lib/logger';
import {
  assertSignedInAs,
  parseDoc,
  parseDocs,
  readActor,
  refused,
  type SignedIn,
  type UseCaseContext,
} from './context';

/**
 * Where a user's documents live (docs/profile.md): users/{uid} is the public profile and never
 * holds the email or a hidden gender or birth date; users/{uid}/private/account holds the email
 * (the owner and staff read it), private/profile the gender and birth date with who sees them,
 * private/settings the email settings (the owner and the Functions read them). A profile read
 * by anyone else therefore has email ''.
 */
const paths = {
  profile: (uid: string) => `users/${uid}`,
  account: (uid: string) => `users/${uid}/private/account`,
  privateProfile: (uid: string) => `users/${uid}/private/profile`,
  settings: (uid: string) => `users/${uid}/private/settings`,
};

/** The pauses before markEmailVerified tries again after a refusal (see retryWhileRefused). */
export const VERIFIED_MARK_RETRY_DELAYS_MS = [1000, 3000] as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write that the rules may refuse for a moment after the ID token changed, and tries it
 * again after each delay. With Firestore's multi-tab cache only the primary tab talks to the
 * server, with its own copy of the token: a verification link opened in a second tab refreshes
 * that tab's token (email_verified true), but the write goes out with the primary tab's older one
 * until the primary picks the new token up from the shared session (within about a second). The
 * local store never refuses this way. Every refusal is logged; the last one is thrown.
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
      if (failureCode(e) !== 'permission-denied' || attempt >= delaysMs.length) throw e;
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
  if (actor && actor.uid !== uid) throw refused();
  assertMayWriteOwn(actor, uid);
}

/** Profiles (src/data/ports/users.ts), written once for both backends. */
export function usersUseCases(ctx: UseCaseContext): UsersPort {
  const { storage } = ctx;

  const readProfile = async (uid: string) =>
    parseDoc(userProfileSchema, await storage.get(paths.profile(uid)));

  /** The signed-in owner's own profile carries their address; anyone else's has ''. */
  const withEmail = async (profile: UserProfile, who: SignedIn | null): Promise<UserProfile> => {
    if (who?.uid !== profile.id) return { ...profile, email: '' };
    try {
      const email = (await storage.get(paths.account(profile.id)))?.data.email;
      if (typeof email === 'string' && email) return { ...profile, email };
    } catch (e) {
      logger.warn('users.get: private account unreadable', e);
    }
    return { ...profile, email: who.email || profile.email };
  };

  return {
    async get(uid) {
      const profile = uid ? await readProfile(uid) : null;
      return profile && withEmail(profile, await ctx.session());
    },

    async getMany(uids) {
      const ids = [...new Set(uids.filter(Boolean))];
      const who = await ctx.session();
      const docs = await Promise.all(ids.map((id) => storage.get(paths.profile(id))));
      // The caller's order (the event's participant order, say); an unreadable one is left out.
      return parseDocs(
        userProfileSchema,
        docs.filter((d) => d !== null),
        'users.getMany',
      ).map((p) => (who?.uid === p.id ? p : { ...p, email: '' }));
    },

    async create(uid, d) {
      // Anyone else's is refused first, since an existing profile is not written.
      const who = await ctx.session();
      if (!uid || who?.uid !== uid) throw refused();
      return storage.transaction(async (tx) => {
        if (await tx.get(paths.profile(uid))) return false;
        // The address is the signed-in account's own (the rules hold it to the ID token's).
        if (d.email !== who.email) throw refused();
        // The public id is reserved for this account in the same write (customUserIds): staff
        // looking it up find exactly this account.
        const reservation = d.customUserId ? `customUserIds/${d.customUserId}` : null;
        if (reservation && (await tx.get(reservation))) {
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
          agreedAt: d.agreedToTerms ? fieldOp.serverTime() : null,
          createdAt: fieldOp.serverTime(),
          role: 'user',
          // Creating the account signs it in; the login record is the same as recordLogin's.
          // isActive is staff's to write (docs/security.md): missing means active.
          lastLoginAt: fieldOp.serverTime(),
        });
        if (reservation) tx.set(reservation, { uid, createdAt: fieldOp.serverTime() });
        tx.set(paths.account(uid), { email: d.email, updatedAt: fieldOp.serverTime() });
        return true;
      });
    },

    async getPrivateProfile(uid) {
      await assertSignedInAs(ctx, uid);
      const [stored, profile] = await Promise.all([
        storage.get(paths.privateProfile(uid)),
        readProfile(uid),
      ]);
      return privateProfileOf(stored?.data ?? null, profile);
    },

    async saveProfile(uid, save) {
      const who = await ctx.session();
      await storage.transaction(async (tx) => {
        const actor = await readActor(tx, who);
        if (actor && !actor.profile) throw new DomainError('profileNotFound');
        ownerOnly(actor, uid);
        const { publicFields, privateFields } = profileWrites(uid, save, ctx.now());
        // Both documents in one write: the rules compare them (getAfter) to keep them consistent.
        tx.update(paths.profile(uid), { ...publicFields, updatedAt: fieldOp.serverTime() });
        tx.set(paths.privateProfile(uid), { ...privateFields, updatedAt: fieldOp.serverTime() });
      });
    },

    async syncPublicProfile(uid) {
      await assertSignedInAs(ctx, uid);
      const [profile, stored] = await Promise.all([
        readProfile(uid),
        storage.get(paths.privateProfile(uid)),
      ]);
      if (!profile) return false;
      const privateProfile = privateProfileOf(stored?.data ?? null, profile);
      const fields = stalePublicFields(profile, privateProfile, ctx.now());
      if (!fields) return false;
      await storage.batch((w) => {
        // Values an older version left public move to the private document first.
        if (!stored) {
          w.set(paths.privateProfile(uid), {
            ...privateProfile,
            updatedAt: fieldOp.serverTime(),
          });
        }
        w.update(paths.profile(uid), { ...fields, updatedAt: fieldOp.serverTime() });
      });
      return true;
    },

    async getEmailSettings(uid) {
      await assertSignedInAs(ctx, uid);
      return emailSettingsSchema.parse((await storage.get(paths.settings(uid)))?.data ?? null);
    },

    async saveEmailSettings(uid, settings) {
      ownerOnly(await readActor(storage, await ctx.session()), uid);
      await storage.set(paths.settings(uid), {
        mail: emailSettingsSchema.parse({ mail: settings }),
        updatedAt: fieldOp.serverTime(),
      });
    },

    async markEmailVerified(uid) {
      // The rules accept emailVerified only with a verified token: the session brings a token
      // minted before the link was opened up to date.
      const actor = await readActor(storage, await ctx.session());
      ownerOnly(actor, uid);
      // Nothing is created on a missing profile's behalf.
      if (!actor!.profile) throw refused();
      await retryWhileRefused(
        'users.markEmailVerified',
        () =>
          storage.update(paths.profile(uid), {
            emailVerified: true,
            updatedAt: fieldOp.serverTime(),
          }),
        VERIFIED_MARK_RETRY_DELAYS_MS,
      );
    },

    async recordLogin(uid) {
      await assertSignedInAs(ctx, uid);
      const profile = await storage.get(paths.profile(uid));
      if (!profile) return;
      const legacyEmail = profile.data.email;
      // The sign-in stamp is the one write a suspended account still makes (docs/security.md);
      // isActive is staff's.
      const stamp: DocData = { lastLoginAt: fieldOp.serverTime() };
      // A profile written before the public/private split: its email moves out of sight.
      if (typeof legacyEmail === 'string') stamp.email = fieldOp.deleteField();
      const accountEmail = (await ctx.session())?.email ?? '';
      await storage.batch((w) => {
        w.update(paths.profile(uid), stamp);
        if (typeof legacyEmail === 'string' && legacyEmail && accountEmail) {
          w.merge(paths.account(uid), { email: accountEmail, updatedAt: fieldOp.serverTime() });
        }
      });
    },
  };
}
