import type { NewUserDocument, ProfileEdit, UserProfile } from '@/domain/entities/user';

export interface UsersPort {
  get(uid: string): Promise<UserProfile | null>;
  /** Loads at most the given ids (callers cap the list); missing profiles are left out. */
  getMany(uids: string[]): Promise<UserProfile[]>;
  /**
   * The writes below are the owner's, signed in and not suspended (DomainError
   * noProfileEditPermission for another user's, accountSuspended for a suspended account).
   */
  create(uid: string, doc: NewUserDocument): Promise<void>;
  update(uid: string, patch: Partial<ProfileEdit>): Promise<void>;
  /**
   * Marks the user document verified after the auth service says so. Firebase: a refusal right
   * after the token changed is retried (see retryWhileRefused); the last one is thrown.
   */
  markEmailVerified(uid: string): Promise<void>;
  /**
   * lastLoginAt = now, and nothing else: the sign-in stamp is the one write a suspended account
   * still makes, and isActive is written by staff only (docs/security.md).
   */
  recordLogin(uid: string): Promise<void>;
}
