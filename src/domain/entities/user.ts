import * as z from 'zod/mini';
import {
  BIO_MAX,
  BIRTH_DATE_MIN,
  DEFAULT_ACCOUNT_CREATED_AT,
  DEFAULT_ROLE,
  DISPLAY_NAME_MAX,
  LOCATION_MAX,
} from '@/domain/constants';
import { toDateOrNull } from '@/domain/time';
import { optionalTime, text, timeWithFallback } from './common';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const GENDERS = ['male', 'female', 'other', 'unspecified'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  male: '男性',
  female: '女性',
  other: 'その他',
  unspecified: '回答しない',
};

/** Who sees the gender: only the owner (the default) or everyone. */
export const GENDER_VISIBILITIES = ['private', 'public'] as const;
export type GenderVisibility = (typeof GENDER_VISIBILITIES)[number];

/** Who sees the birth date, and how: nobody else (the default), the age only, or the date. */
export const BIRTH_DATE_VISIBILITIES = ['private', 'age', 'date'] as const;
export type BirthDateVisibility = (typeof BIRTH_DATE_VISIBILITIES)[number];
export const BIRTH_DATE_VISIBILITY_LABELS: Record<BirthDateVisibility, string> = {
  private: '公開しない',
  age: '年齢のみ公開',
  date: '生年月日を公開',
};

/**
 * A users document (id = auth uid) as read, with the docs/domain.md "Entities" fallbacks applied. It is the public
 * profile: gender, birthDate and age hold only what the owner chose to show (docs/profile.md);
 * the values themselves are in the private profile.
 */
export const userProfileSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    email: text(),
    displayName: text(),
    photoURL: text(),
    /** Where the uploaded photo is stored (its own folder users/{uid}); '' for none. */
    photoPath: text(),
    bio: text(),
    location: text(),
    gender: text(),
    birthDate: text(),
    /** The age, when the owner shows their age but not their birth date. */
    age: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null)),
    ),
    emailVerified: z.pipe(
      z.nullish(z.boolean()),
      z.transform((v) => v ?? false),
    ),
    customUserId: text(),
    firebaseUid: text(),
    agreedAt: optionalTime,
    createdAt: timeWithFallback(() => new Date(DEFAULT_ACCOUNT_CREATED_AT)),
    role: z.pipe(
      z.nullish(z.string()),
      z.transform((v): Role => (ROLES.includes(v as Role) ? (v as Role) : DEFAULT_ROLE)),
    ),
    lastLoginAt: optionalTime,
    /** false = suspended by staff (src/domain/rules/standing.ts); a missing field is active. */
    isActive: z.pipe(
      z.nullish(z.boolean()),
      z.transform((v) => v ?? true),
    ),
  }),
);

export type UserProfile = z.output<typeof userProfileSchema>;

/**
 * users/{uid}/private/profile as read: the gender and birth date themselves and who sees them.
 * Readable by the owner only. Anything unreadable falls back to "not set" and "private".
 */
export const privateProfileSchema = z.lazy(() =>
  z.object({
    gender: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): Gender | '' => (GENDERS.includes(v as Gender) ? (v as Gender) : '')),
    ),
    birthDate: z.pipe(
      z.optional(z.unknown()),
      z.transform((v) => (typeof v === 'string' && isBirthDate(v) ? v : '')),
    ),
    genderVisibility: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): GenderVisibility => (v === 'public' ? 'public' : 'private')),
    ),
    birthDateVisibility: z.pipe(
      z.optional(z.unknown()),
      z.transform((v): BirthDateVisibility =>
        BIRTH_DATE_VISIBILITIES.includes(v as BirthDateVisibility)
          ? (v as BirthDateVisibility)
          : 'private',
      ),
    ),
  }),
);
export type PrivateProfile = z.output<typeof privateProfileSchema>;

/** A yyyy-MM-dd calendar date (no 31 February). */
function isBirthDate(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && toDateOrNull(v) !== null;
}

/** What the owner edits on /profile/settings: the form's schema and the ports' input. */
export const profileEditSchema = z.lazy(() =>
  z.object({
    displayName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, '表示名を入力してください'),
        z.maxLength(DISPLAY_NAME_MAX, `表示名は${DISPLAY_NAME_MAX}文字以内で入力してください`),
      ),
    bio: z.string().check(z.maxLength(BIO_MAX, `自己紹介は${BIO_MAX}文字以内で入力してください`)),
    location: z
      .string()
      .check(
        z.trim(),
        z.maxLength(LOCATION_MAX, `活動地域は${LOCATION_MAX}文字以内で入力してください`),
      ),
    gender: z.enum(['', ...GENDERS], { error: '性別を選択してください' }),
    birthDate: z.union([
      z.literal(''),
      z.string().check(
        z.refine(isBirthDate, '生年月日の形式が正しくありません'),
        z.refine((v) => v >= BIRTH_DATE_MIN, '生年月日は1900年1月1日以降の日付を入力してください'),
        z.refine((v) => toDateOrNull(v)! <= new Date(), '生年月日に未来の日付は指定できません'),
      ),
    ]),
    genderVisibility: z.enum(GENDER_VISIBILITIES),
    birthDateVisibility: z.enum(BIRTH_DATE_VISIBILITIES),
  }),
);
export type ProfileEdit = z.infer<typeof profileEditSchema>;

/** The profile photo: its download URL and storage path, both '' for none. */
export interface ProfilePhoto {
  photoURL: string;
  photoPath: string;
}

/** Everything one save of the settings screen writes. */
export type ProfileSave = ProfileEdit & ProfilePhoto;

/** The fields written when an account is created (docs/domain.md "States" registration). */
export interface NewUserDocument {
  email: string;
  displayName: string;
  photoURL: string;
  bio: string;
  location: string;
  /** Always empty: a gender or birth date is only ever shown after the owner chooses to. */
  gender: '';
  birthDate: '';
  emailVerified: false;
  customUserId: string;
  firebaseUid: string;
  /** True means the backend writes its server time; false writes null. */
  agreedToTerms: boolean;
}

/** The registration document: the given identity, every other profile field empty (docs/domain.md "States"). */
export function newUserDocument(input: {
  uid: string;
  email: string;
  displayName: string;
  agreedToTerms: boolean;
}): NewUserDocument {
  return {
    email: input.email,
    displayName: input.displayName,
    photoURL: '',
    bio: '',
    location: '',
    gender: '',
    birthDate: '',
    emailVerified: false,
    customUserId: generateCustomUserId(),
    firebaseUid: input.uid,
    agreedToTerms: input.agreedToTerms,
  };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** "user_" plus 8 random alphanumerics, from a cryptographic source. */
export function generateCustomUserId(random: (n: number) => Uint8Array = defaultRandom): string {
  const out: string[] = [];
  while (out.length < 8) {
    for (const b of random(16)) {
      // Rejection sampling keeps every character equally likely.
      if (b < 248 && out.length < 8) out.push(ALNUM[b % 62]!);
    }
  }
  return `user_${out.join('')}`;
}

function defaultRandom(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

/**
 * The one hardcoded staff account of docs/domain.md "Roles", recognised by its verified address (the staff
 * checks are in src/domain/rules/staff.ts).
 */
export const SPECIAL_ADMIN_EMAIL = 'admin@sports-community.example';
