import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { EditForm, EditGate } from '@/components/flows/edit-screen';
import type { Team } from '@/domain/entities/team';
import { ERR } from '@/domain/errors';
import { teamFormSchema, type TeamFormInput } from '@/domain/team-form';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { TeamFormFields } from '../components/team-form-fields';
import { teamImageFolder } from '../team-draft';
import { useUpdateTeam } from '../team-mutations';
import { teamQueries } from '../team-queries';
import { TeamNotFound } from './team-detail-page';

function formValuesOf(team: Team): TeamFormInput {
  return {
    name: team.name,
    description: team.description,
    sportType: team.sportType as TeamFormInput['sportType'],
    region: team.region as TeamFormInput['region'],
    level: team.level as TeamFormInput['level'],
    activity: team.activity,
    maxMembers: String(team.maxMembers),
    recruiting: team.recruiting,
    imageURL: team.imageURL,
    imagePath: team.imagePath,
  };
}

/** /teams/{id}/edit: the owner only; anyone else sees why, with the way back. */
export default function TeamEditPage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const user = useCurrentUser();
  const query = useQuery(teamQueries.detail(id, backend));
  return (
    <EditGate
      query={query}
      noun="チーム"
      notFound={<TeamNotFound />}
      mayEdit={(team) => user?.uid === team.ownerId}
      denied={ERR.noTeamEditPermission}
      backTo={(team) => teamPath(team.id)}
    >
      {/* Keyed by the team so a refetch after saving never resets a form being edited. */}
      {(team) => <EditTeamForm key={team.id} team={team} />}
    </EditGate>
  );
}

function EditTeamForm({ team }: { team: Team }) {
  const update = useUpdateTeam(team);
  return (
    <EditForm
      schema={teamFormSchema}
      defaults={formValuesOf(team)}
      image={team}
      imageFolder={teamImageFolder(team.ownerId)}
      imageLabel="チーム画像"
      backTo={teamPath(team.id)}
      update={(values) => update.mutateAsync(values)}
      savedTitle="チーム情報を更新しました"
      failedMessage="チーム情報を更新できませんでした。もう一度お試しください"
      limit={{ error: 'teamLimitBelowMembers', field: 'maxMembers' }}
      fields={(form, disabled) => (
        <TeamFormFields
          form={form}
          disabled={disabled}
          limitHint={`現在のメンバーは${team.members.length}人です。上限人数はそれより少なくできません。`}
        />
      )}
    />
  );
}

const teamPath = (id: string) => `/teams/${encodeURIComponent(id)}`;
