import { z } from 'zod';
import { DEFAULT_ACCOUNT_CREATED_AT, DEFAULT_ROLE } from '@/domain/constants';
import { optionalTime, text, timeWithFallback } from './common';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const GENDERS = ['male', 'female', 'other', 'unspecified'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: '男性',
  female: '女性',
  other: 'その他',
  unspecified: '回答しない',
};

/** A users document (id = auth uid) as read, with the SPEC §3 fallbacks applied. */
export const userProfileSchema = z.object({
  id: z.string(),
  email: text(),
  displayName: text(),
  photoURL: text(),
  bio: text(),
  location: text(),
  gender: text(),
  birthDate: text(),
  emailVerified: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  customUserId: text(),
  firebaseUid: text(),
  agreedAt: optionalTime,
  createdAt: timeWithFallback(() => new Date(DEFAULT_ACCOUNT_CREATED_AT)),
  role: z
    .string()
    .nullish()
    .transform((v): Role => (ROLES.includes(v as Role) ? (v as Role) : DEFAULT_ROLE)),
  lastLoginAt: optionalTime,
  /** false = suspended by staff (src/domain/rules/standing.ts); a missing field is active. */
  isActive: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
});

export type UserProfile = z.output<typeof userProfileSchema>;

/** Fields a user edits on their own profile. */
export const profileEditSchema = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, '表示名を入力してください')
    .max(30, '表示名は30文字以内で入力してください'),
  bio: z.string().max(500, '自己紹介は500文字以内で入力してください'),
  location: z.string().max(50, '地域は50文字以内で入力してください'),
  gender: z.enum(['', ...GENDERS]),
  birthDate: z.union([
    z.literal(''),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '生年月日の形式が正しくありません'),
  ]),
  photoURL: z.string(),
});
export type ProfileEdit = z.infer<typeof profileEditSchema>;

/** The fields written when an account is created (SPEC §4 registration). */
export interface NewUserDocument {
  email: string;
  displayName: string;
  photoURL: string;
  bio: string;
  location: string;
  gender: string;
  birthDate: string;
  emailVerified: false;
  customUserId: string;
  firebaseUid: string;
  /** True means the backend writes its server time; false writes null. */
  agreedToTerms: boolean;
}

/** The registration document: the given identity, every other profile field empty (SPEC §4). */
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
 * The one hardcoded staff account of SPEC §6, recognised by its verified address (the staff
 * checks are in src/domain/rules/staff.ts).
 */
export const SPECIAL_ADMIN_EMAIL = 'admin@sports-community.example';
