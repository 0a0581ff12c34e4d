import { privateProfileSchema, type PrivateProfile } from '@/domain/entities/user';
import { publicProfileFields } from '@/domain/profile';
import { privateDocId, type DocRow, type PrivateDocRow } from './db';

/**
 * What each demo person shows of their gender and birth date (docs/profile.md "Privacy"): the
 * values go to users/{uid}/private/profile and the public profile holds only the shown part.
 * Anyone not listed keeps both hidden, the default.
 */
const SHOWN: Record<string, Pick<PrivateProfile, 'genderVisibility' | 'birthDateVisibility'>> = {
  'demo-organizer': { genderVisibility: 'public', birthDateVisibility: 'age' },
  'demo-ichiro': { genderVisibility: 'public', birthDateVisibility: 'date' },
  'demo-misaki': { genderVisibility: 'public', birthDateVisibility: 'private' },
};

/** Splits each seeded profile into its public document and its private profile. */
export function withPrivateProfiles(
  users: DocRow[],
  now: Date,
): { users: DocRow[]; privateDocs: PrivateDocRow[] } {
  const privateDocs: PrivateDocRow[] = [];
  const shownUsers = users.map((row) => {
    const p = privateProfileSchema.parse({ ...row, ...SHOWN[row.id] });
    privateDocs.push({ id: privateDocId(row.id, 'profile'), ...p, updatedAt: now });
    return { ...row, ...publicProfileFields(p, now) };
  });
  return { users: shownUsers, privateDocs };
}
