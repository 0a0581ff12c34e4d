import {
  privateProfileSchema,
  profileEditSchema,
  type PrivateProfile,
  type ProfileSave,
  type UserProfile,
} from '@/domain/entities/user';
import { PHOTO_PATH_MAX } from '@/domain/constants';
import { BackendError } from '@/domain/errors';
import { toDateOrNull } from '@/domain/time';

/**
 * Profile privacy (docs/profile.md "Privacy"). users/{uid} is readable by anyone, so it holds
 * only what the owner shows; the gender and birth date themselves live in
 * users/{uid}/private/profile, which only the owner reads. Both are written together, and
 * firestore.rules checks that the public document holds exactly what these functions derive.
 */

/** Whole years from a yyyy-MM-dd birth date to `now` on the local calendar; null without one. */
export function ageOn(birthDate: string, now: Date): number | null {
  const born = toDateOrNull(birthDate);
  if (!birthDate || !born || born.getTime() > now.getTime()) return null;
  let years = now.getFullYear() - born.getFullYear();
  const beforeBirthday =
    now.getMonth() < born.getMonth() ||
    (now.getMonth() === born.getMonth() && now.getDate() < born.getDate());
  if (beforeBirthday) years -= 1;
  return years;
}

/** The part of the private profile that the public users document shows. */
export interface PublicProfileFields {
  gender: string;
  birthDate: string;
  age: number | null;
}

/**
 * What the public document holds: the gender only when public (回答しない shows nothing), the
 * birth date only when the date is public, the age only when the age alone is public.
 */
export function publicProfileFields(p: PrivateProfile, now: Date): PublicProfileFields {
  return {
    gender: p.genderVisibility === 'public' && p.gender !== 'unspecified' ? p.gender : '',
    birthDate: p.birthDateVisibility === 'date' ? p.birthDate : '',
    age: p.birthDateVisibility === 'age' ? ageOn(p.birthDate, now) : null,
  };
}

/**
 * The private profile as the owner sees it. A profile saved before the private document existed
 * kept its gender and birth date on the public document: they are taken from there, hidden
 * (the default) until the owner chooses otherwise.
 */
export function privateProfileOf(
  stored: unknown,
  publicProfile: Pick<UserProfile, 'gender' | 'birthDate'> | null,
): PrivateProfile {
  if (stored) return privateProfileSchema.parse(stored);
  return privateProfileSchema.parse({
    gender: publicProfile?.gender,
    birthDate: publicProfile?.birthDate,
  });
}

/**
 * The public fields to write when the public document no longer matches the private profile (an
 * age that has gone up since the last save, or values left there by an older version), else
 * null.
 */
export function stalePublicFields(
  publicProfile: Pick<UserProfile, 'gender' | 'birthDate' | 'age'>,
  privateProfile: PrivateProfile,
  now: Date,
): PublicProfileFields | null {
  const want = publicProfileFields(privateProfile, now);
  const same =
    want.gender === publicProfile.gender &&
    want.birthDate === publicProfile.birthDate &&
    want.age === publicProfile.age;
  return same ? null : want;
}

/**
 * The two documents one save writes, validated with the settings form's schema; a photo path
 * outside the owner's folder is refused as the rules refuse it ('permission-denied').
 */
export function profileWrites(uid: string, save: ProfileSave, now: Date) {
  const edit = profileEditSchema.parse(save);
  const path = save.photoPath;
  if (path && (!path.startsWith(`${profilePhotoFolder(uid)}/`) || path.length > PHOTO_PATH_MAX)) {
    throw new BackendError('permission-denied');
  }
  const privateFields: PrivateProfile = {
    gender: edit.gender,
    birthDate: edit.birthDate,
    genderVisibility: edit.genderVisibility,
    birthDateVisibility: edit.birthDateVisibility,
  };
  return {
    publicFields: {
      displayName: edit.displayName,
      bio: edit.bio,
      location: edit.location,
      photoURL: save.photoURL,
      photoPath: save.photoPath,
      ...publicProfileFields(privateFields, now),
    },
    privateFields,
  };
}

/** An uploaded profile photo must sit in the owner's own folder (storage.rules agree). */
export function profilePhotoFolder(uid: string): string {
  return `users/${uid}`;
}

/**
 * Whether the public profile shows anything of the gender or birth date, which may have gone out
 * of date (an age after a birthday) or be left over from an older version. Only then is the
 * private profile read to compare (stalePublicFields).
 */
export function mayShowStaleFields(
  publicProfile: Pick<UserProfile, 'gender' | 'birthDate' | 'age'>,
): boolean {
  return (
    publicProfile.gender !== '' || publicProfile.birthDate !== '' || publicProfile.age !== null
  );
}
