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
 * gender and birth date and who sees them) and private/settings (email settings). Unless a
 * method says otherwise, a failure (network, a refusal by the rules) rejects with the error.
 */
export interface UsersPort {
  /**
   * The public profile, or null when there is none. The email is filled in only for the signed-in
   * owner; anyone else (signed in or not) gets ''. Gender, birth date and age hold only what the
   * owner shows. Anyone may call it.
   */
  get(uid: string): Promise<UserProfile | null>;
  /**
   * The public profiles of at most the given ids (callers cap the list), in the given order;
   * missing profiles are left out. Emails as in get. Anyone may call it.
   */
  getMany(uids: string[]): Promise<UserProfile[]>;
  /**
   * Writes the registration document and resolves true, or resolves false and writes nothing
   * when the profile exists already (a sign-up retried or completed from another tab): a profile
   * is never overwritten. The signed-in owner only.
   */
  create(uid: string, doc: NewUserDocument): Promise<boolean>;
  /**
   * The owner's gender and birth date and who sees them. A profile never saved with the private
   * document gives the values still on its public document, hidden (privateProfileOf). Anyone
   * but the signed-in owner is refused with 'loginRequired' or 'profileNotOwner'.
   */
  getPrivateProfile(uid: string): Promise<PrivateProfile>;
  /**
   * Saves the settings screen: the public document (name, bio, location, photo and the shown part
   * of gender and birth date) and the private profile in one atomic write, validated by the
   * domain (profileWrites). A missing profile is refused with 'profileNotFound'; anyone but the
   * signed-in, active owner with 'loginRequired', 'profileNotOwner' or 'accountSuspended'.
   */
  saveProfile(uid: string, save: ProfileSave): Promise<void>;
  /**
   * Rewrites the public part of gender and birth date when it no longer matches the private
   * profile (an age gone up since the last save; values an older version left public) and
   * resolves whether it wrote. Nothing happens for a missing profile. The signed-in owner only.
   */
  syncPublicProfile(uid: string): Promise<boolean>;
  /**
   * The owner's email settings; a missing document (or field) means "send" (emailSettingsSchema).
   * Anyone but the signed-in owner is refused with 'loginRequired' or 'profileNotOwner'.
   */
  getEmailSettings(uid: string): Promise<EmailSettings>;
  /**
   * Replaces the owner's email settings (every kind, with the server's time). Anyone but the
   * signed-in, active owner is refused as in saveProfile.
   */
  saveEmailSettings(uid: string, settings: EmailSettings): Promise<void>;
  /** Marks the user document verified after the auth service says so. */
  markEmailVerified(uid: string): Promise<void>;
  /** lastLoginAt = now, isActive = true. */
  recordLogin(uid: string): Promise<void>;
}
