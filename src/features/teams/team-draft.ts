import type { TeamFormInput } from '@/domain/team-form';
import { formDraft } from '@/lib/form-draft';

/** The team being created (see formDraft): sc.create-team-draft.<uid>. */
export const createTeamDraft = formDraft<TeamFormInput>('create-team');

/** Where an owner's team images are stored (storage.rules allow the owner there). */
export function teamImageFolder(uid: string): string {
  return `teams/${uid}`;
}
