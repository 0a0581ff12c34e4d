import { fieldOp, type DocData } from '@/data/storage/storage';
import { emailSettingsSchema, type EmailSettings } from '@/domain/entities/email-settings';
import {
  userProfileSchema,
  type NewUserDocument,
  type PrivateProfile,
  type ProfileSave,
  type UserProfile,
} from '@/domain/entities/user';
import { DomainError, failureCode } from '@/domain/errors';
import { privateProfileOf, profileWrites, stalePublicFields } from '@/domain/profile';
import { assertMayWriteOwn, type Actor } from '@/domain/rules/standing';
import { logger } from '@/lib/logger';
import {
  actorTransaction,
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

/**
 * Profiles (docs/profile.md), written once for both backends. users/{uid} is the public profile,
 * readable by anyone; what only its owner may read lives beside it (see `paths`). Each method's statements (Missing, Fails, Order / cap, Caller) follow the convention in
 * src/data/ports/backend.ts.
 */
export function usersUseCases(ctx: UseCaseContext) {
  const { storage } = ctx;

  const readProfile = async (uid: string) =>
    parseDoc(userProfileSchema, await storage.get(paths.profile(uid)));

  /** The address in the owner's private account document, or null (missing or unreadable). */
  const accountEmail = async (uid: string): Promise<string | null> => {
    try {
      const email = (await storage.get(paths.account(uid)))?.data.email;
      return typeof email === 'string' && email ? email : null;
    } catch (e) {
      logger.warn('users.get: private account unreadable', e);
      return null;
    }
  };

  /**
   * The signed-in owner's own profile carries their address; anyone else's has ''. `email` is
   * the owner's private account address, read beside the profile (null when unknown).
   */
  const withEmail = (
    profile: UserProfile,
    who: SignedIn | null,
    email: string | null,
  ): UserProfile => {
    if (who?.uid !== profile.id) return { ...profile, email: '' };
    return { ...profile, email: email ?? (who.email || profile.email) };
  };

  return {
    /**
     * The public profile. Its email is the caller's own address on their own profile, '' on anyone
     * else's (the address lives in private/account). Gender, birth date and age hold only what the
     * owner shows. Missing: null (also for uid ''). Fails: throws. Caller: anyone, signed out too.
     */
    async get(uid: string): Promise<UserProfile | null> {
      if (!uid) return null;
      const who = await ctx.session();
      // The owner's address is read beside the profile, not after it: one round trip less on
      // every signed-in start.
      const [profile, email] = await Promise.all([
        readProfile(uid),
        who?.uid === uid ? accountEmail(uid) : null,
      ]);
      return profile && withEmail(profile, who, email);
    },

    /**
     * The profiles of the given ids, in the order given, each once. Email: '' on anyone else's; on
     * the caller's own, what its public document holds ('' since addresses live in
     * private/account, which only get reads). Missing: left out ('' too). Fails: throws. Cap: the
     * caller's list; callers pass a bounded one (EVENT_DETAIL_PARTICIPANT_PROFILES). Caller:
     * anyone.
     */
    async getMany(uids: string[]): Promise<UserProfile[]> {
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

    /**
     * Writes the registration document (newUserDocument) with server times, agreedAt only when the
     * terms were accepted, and resolves true. An existing profile is never replaced: it resolves
     * false and writes nothing (a sign-up retried, or finished by another tab). Fails: throws;
     * 'permission-denied' for any uid but the caller's own. Caller: the signed-in user, for
     * themself.
     */
    async create(uid: string, d: NewUserDocument): Promise<boolean> {
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

    /**
     * The owner's gender and birth date and who sees them. A profile saved before the private
     * document existed gives the values still on its public document, hidden (privateProfileOf).
     * Missing: all unset and hidden. Fails: throws; 'permission-denied' for anyone but the
     * signed-in owner. Caller: the signed-in user, for themself.
     */
    async getPrivateProfile(uid: string): Promise<PrivateProfile> {
      await assertSignedInAs(ctx, uid);
      const [stored, profile] = await Promise.all([
        storage.get(paths.privateProfile(uid)),
        readProfile(uid),
      ]);
      return privateProfileOf(stored?.data ?? null, profile);
    },

    /**
     * Saves the settings screen in one atomic write: the public document (name, bio, area, photo,
     * the shown part of gender and birth date) and the private profile (profileWrites, which also
     * validates). Missing: profileNotFound. Refusals: loginRequired, accountSuspended. Fails:
     * throws; 'permission-denied' for anyone else's profile or a photo outside users/{uid}/.
     * Caller: the signed-in, active user, for themself.
     */
    async saveProfile(uid: string, save: ProfileSave): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        if (actor && !actor.profile) throw new DomainError('profileNotFound');
        ownerOnly(actor, uid);
        const { publicFields, privateFields } = profileWrites(uid, save, ctx.now());
        // Both documents in one write: the rules compare them (getAfter) to keep them consistent.
        tx.update(paths.profile(uid), { ...publicFields, updatedAt: fieldOp.serverTime() });
        tx.set(paths.privateProfile(uid), { ...privateFields, updatedAt: fieldOp.serverTime() });
      });
    },

    /**
     * Rewrites the shown part of gender and birth date when it no longer matches the private
     * profile (an age gone up since the last save; values an older version left public, which move
     * to the private profile, hidden) and resolves whether it wrote. Missing: false, nothing
     * written. Fails: throws; 'permission-denied' as in getPrivateProfile. Caller: the signed-in
     * user, for themself (the session, through runSideEffect).
     */
    async syncPublicProfile(uid: string): Promise<boolean> {
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

    /**
     * The owner's email settings. Missing: a missing document or field means "send"
     * (emailSettingsSchema). Fails: throws; 'permission-denied' for anyone but the signed-in owner.
     * Caller: the signed-in user, for themself.
     */
    async getEmailSettings(uid: string): Promise<EmailSettings> {
      await assertSignedInAs(ctx, uid);
      return emailSettingsSchema.parse((await storage.get(paths.settings(uid)))?.data ?? null);
    },

    /**
     * Replaces the owner's email settings (every kind, with the server's time). Refusals:
     * loginRequired, accountSuspended. Fails: throws; 'permission-denied' for anyone else's.
     * Caller: the signed-in, active user, for themself.
     */
    async saveEmailSettings(uid: string, settings: EmailSettings): Promise<void> {
      ownerOnly(await readActor(storage, await ctx.session()), uid);
      await storage.set(paths.settings(uid), {
        mail: emailSettingsSchema.parse({ mail: settings }),
        updatedAt: fieldOp.serverTime(),
      });
    },

    /**
     * Marks the profile verified after the auth service says the address is. Firebase: a refusal
     * right after the token changed is retried (see retryWhileRefused); the last one is thrown.
     * Missing: 'permission-denied' (nothing is created). Fails: throws; 'permission-denied' for
     * anyone else's profile. Caller: the signed-in user, for themself.
     */
    async markEmailVerified(uid: string): Promise<void> {
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

    /**
     * Sign-in bookkeeping: lastLoginAt = now, and nothing else: the sign-in stamp is the one write
     * a suspended account still makes, and isActive is written by staff only (docs/security.md).
     * Missing: resolves without writing (right after sign-up the profile may not exist yet, and a
     * login stamp must not create a nameless one). Fails: throws; 'permission-denied' for anyone
     * else's profile (the session runs it through runSideEffect, so a failure is only logged).
     * Caller: the signed-in user, for themself.
     */
    async recordLogin(uid: string): Promise<void> {
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
