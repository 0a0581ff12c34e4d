import type { NewUserDocument, ProfileEdit, UserProfile } from '@/domain/entities/user';

/** Profiles (users/{uid}). The statements follow the convention in ./backend.ts. */
export interface UsersPort {
  /**
   * The profile. Its email is the caller's own address on their own profile; on anyone else's
   * it is '' where the backend keeps addresses private (Firebase), the address on the local
   * demo backend (ContractHarness.readsOthersEmail).
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
   * Writes the registration document (newUserDocument) with server times; agreedAt only when the
   * terms were accepted. Sign-up calls it once; an existing profile is replaced.
   * Fails: throws; 'permission-denied' for any uid but the caller's own.
   * Caller: the signed-in user, for themself.
   */
  create(uid: string, doc: NewUserDocument): Promise<void>;
  /**
   * Changes only the given editable fields (ProfileEdit); nothing else can be slipped in.
   * Missing: 'permission-denied' (nothing is created). Fails: throws; 'permission-denied' for
   * anyone else's profile. Caller: the signed-in user, for themself.
   */
  update(uid: string, patch: Partial<ProfileEdit>): Promise<void>;
  /**
   * Marks the profile verified after the auth service says the address is.
   * Missing: 'permission-denied' (nothing is created). Fails: throws; 'permission-denied' for
   * anyone else's profile. Caller: the signed-in user, for themself.
   */
  markEmailVerified(uid: string): Promise<void>;
  /**
   * Sign-in bookkeeping: lastLoginAt = now, isActive = true.
   * Missing: resolves without writing (right after sign-up the profile may not exist yet, and a
   * login stamp must not create a nameless one). Fails: throws; 'permission-denied' for anyone
   * else's profile (the session runs it through runSideEffect, so a failure is only logged).
   * Caller: the signed-in user, for themself.
   */
  recordLogin(uid: string): Promise<void>;
}
