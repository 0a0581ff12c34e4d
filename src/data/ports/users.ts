import type { EmailSettings } from '@/domain/entities/email-settings';
import type {
  NewUserDocument,
  PrivateProfile,
  ProfileSave,
  UserProfile,
} from '@/domain/entities/user';

/**
 * Profiles (docs/profile.md). users/{uid} is the public profile, readable by anyone; what only
 * its owner may read lives beside it: private/account (the email address), private/profile (the
 * gender and birth date and who sees them) and private/settings (the email settings). The
 * statements follow the convention in ./backend.ts.
 */
export interface UsersPort {
  /**
   * The public profile. Its email is the caller's own address on their own profile, '' on anyone
   * else's (the address lives in private/account). Gender, birth date and age hold only what the
   * owner shows.
   * Missing: null (also for uid ''). Fails: throws. Caller: anyone, signed out too.
   */
  get(uid: string): Promise<UserProfile | null>;
  /**
   * The profiles of the given ids, in the order given, each once, emails as in get.
   * Missing: left out ('' too). Fails: throws.
   * Cap: the caller's list; callers pass a bounded one (EVENT_DETAIL_PARTICIPANT_PROFILES).
   * Caller: anyone.
   */
  getMany(uids: string[]): Promise<UserProfile[]>;
  /**
   * Writes the registration document (newUserDocument) with server times, agreedAt only when the
   * terms were accepted, and resolves true. An existing profile is never replaced: it resolves
   * false and writes nothing (a sign-up retried, or finished by another tab).
   * Fails: throws; 'permission-denied' for any uid but the caller's own.
   * Caller: the signed-in user, for themself.
   */
  create(uid: string, doc: NewUserDocument): Promise<boolean>;
  /**
   * The owner's gender and birth date and who sees them. A profile saved before the private
   * document existed gives the values still on its public document, hidden (privateProfileOf).
   * Missing: all unset and hidden. Fails: throws; 'permission-denied' for anyone but the
   * signed-in owner. Caller: the signed-in user, for themself.
   */
  getPrivateProfile(uid: string): Promise<PrivateProfile>;
  /**
   * Saves the settings screen in one atomic write: the public document (name, bio, area, photo,
   * the shown part of gender and birth date) and the private profile (profileWrites, which also
   * validates). Missing: profileNotFound. Refusals: loginRequired, accountSuspended. Fails:
   * throws; 'permission-denied' for anyone else's profile or a photo outside users/{uid}/.
   * Caller: the signed-in, active user, for themself.
   */
  saveProfile(uid: string, save: ProfileSave): Promise<void>;
  /**
   * Rewrites the shown part of gender and birth date when it no longer matches the private
   * profile (an age gone up since the last save; values an older version left public, which move
   * to the private profile, hidden) and resolves whether it wrote.
   * Missing: false, nothing written. Fails: throws; 'permission-denied' as in getPrivateProfile.
   * Caller: the signed-in user, for themself (the session, through runSideEffect).
   */
  syncPublicProfile(uid: string): Promise<boolean>;
  /**
   * The owner's email settings. Missing: a missing document or field means "send"
   * (emailSettingsSchema). Fails: throws; 'permission-denied' for anyone but the signed-in owner.
   * Caller: the signed-in user, for themself.
   */
  getEmailSettings(uid: string): Promise<EmailSettings>;
  /**
   * Replaces the owner's email settings (every kind, with the server's time). Refusals:
   * loginRequired, accountSuspended. Fails: throws; 'permission-denied' for anyone else's.
   * Caller: the signed-in, active user, for themself.
   */
  saveEmailSettings(uid: string, settings: EmailSettings): Promise<void>;
  /**
   * Marks the profile verified after the auth service says the address is. Firebase: a refusal
   * right after the token changed is retried (see retryWhileRefused); the last one is thrown.
   * Missing: 'permission-denied' (nothing is created). Fails: throws; 'permission-denied' for
   * anyone else's profile. Caller: the signed-in user, for themself.
   */
  markEmailVerified(uid: string): Promise<void>;
  /**
   * Sign-in bookkeeping: lastLoginAt = now, and nothing else: the sign-in stamp is the one write
   * a suspended account still makes, and isActive is written by staff only (docs/security.md).
   * Missing: resolves without writing (right after sign-up the profile may not exist yet, and a
   * login stamp must not create a nameless one). Fails: throws; 'permission-denied' for anyone
   * else's profile (the session runs it through runSideEffect, so a failure is only logged).
   * Caller: the signed-in user, for themself.
   */
  recordLogin(uid: string): Promise<void>;
}
