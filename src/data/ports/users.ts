import type { NewUserDocument, ProfileEdit, UserProfile } from '@/domain/entities/user';

export interface UsersPort {
  get(uid: string): Promise<UserProfile | null>;
  /** Loads at most the given ids (callers cap the list); missing profiles are left out. */
  getMany(uids: string[]): Promise<UserProfile[]>;
  create(uid: string, doc: NewUserDocument): Promise<void>;
  update(uid: string, patch: Partial<ProfileEdit>): Promise<void>;
  /** Marks the user document verified after the auth service says so. */
  markEmailVerified(uid: string): Promise<void>;
  /** lastLoginAt = now, isActive = true. */
  recordLogin(uid: string): Promise<void>;
}
