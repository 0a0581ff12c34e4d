import { CreationFlow } from '@/components/flows/creation-flow';
import { teamFormSchema } from '@/domain/team-form';
import { useCurrentUser, useWriteRefusal } from '@/features/auth/public';
import { TeamConfirmView } from '../components/team-confirm-view';
import { EMPTY_TEAM_FORM, TeamFormFields } from '../components/team-form-fields';
import { createTeamDraft, teamImageFolder } from '../team-draft';
import { useCreateTeam } from '../team-mutations';

/** /teams/create and /teams/create/confirm: one screen (CreationFlow), like event creation. */
export default function TeamCreatePage() {
  const user = useCurrentUser();
  const create = useCreateTeam();
  const refusal = useWriteRefusal('verified');
  // The route is guarded; while the session settles there is nothing to draft for yet.
  if (!user) return null;
  return (
    <CreationFlow
      key={user.uid}
      uid={user.uid}
      basePath="/teams/create"
      schema={teamFormSchema}
      empty={EMPTY_TEAM_FORM}
      draft={createTeamDraft}
      title="チームを作成"
      refusal={refusal}
      noun="チーム"
      imageLabel="チーム画像"
      imageFolder={teamImageFolder(user.uid)}
      fields={(form) => <TeamFormFields form={form} />}
      confirmView={(values, previewURL) => (
        <TeamConfirmView values={values} previewURL={previewURL} />
      )}
      create={(input) => create.mutateAsync(input)}
    />
  );
}
