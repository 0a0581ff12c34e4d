import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { ImageEditSection, useImageEdit } from '@/components/ui/image-edit';
import { ActionError } from '@/components/ui/standing-notice';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { Team } from '@/domain/entities/team';
import { ERR, errorMessage, isDomainError } from '@/domain/errors';
import { teamFormSchema, type TeamFormInput, type TeamFormValues } from '@/domain/team-form';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { preventImeEnterSubmit } from '@/lib/ime';
import { toast } from '@/lib/toast-store';
import { TeamFormFields, type TeamForm } from '../components/team-form-fields';
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

function EditForm({ team }: { team: Team }) {
  const navigate = useNavigate();
  const update = useUpdateTeam(team);
  const image = useImageEdit(team, teamImageFolder(team.ownerId));
  const form: TeamForm = useForm<TeamFormInput, unknown, TeamFormValues>({
    resolver: zodResolver(teamFormSchema),
    defaultValues: formValuesOf(team),
    mode: 'onTouched',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const teamPath = `/teams/${encodeURIComponent(team.id)}`;

  const save = async (values: TeamFormValues) => {
    setSaving(true);
    setError(null);
    try {
      const stored = await image.resolve();
      await update.mutateAsync({ ...values, ...stored });
      // The previous file is dropped only once nothing points at it any more.
      await image.dropReplaced(stored);
      toast({ title: 'チーム情報を更新しました', variant: 'success' });
      navigate(teamPath);
    } catch (e) {
      if (isDomainError(e, 'teamLimitBelowMembers'))
        form.setError('maxMembers', { message: ERR.teamLimitBelowMembers });
      setError(e);
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save)}
      onKeyDown={preventImeEnterSubmit}
      className="max-w-2xl space-y-8"
    >
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <TeamFormFields
          form={form}
          disabled={saving}
          limitHint={`現在のメンバーは${team.members.length}人です。上限人数はそれより少なくできません。`}
        />
      </section>
      <ImageEditSection label="チーム画像" edit={image} disabled={saving} />
      <ActionError
        error={error}
        fallback="チーム情報を更新できませんでした。もう一度お試しください"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={teamPath} className={buttonClass('secondary')}>
          キャンセル
        </Link>
        <Button type="submit" busy={saving} busyLabel="保存しています…" disabled={image.preparing}>
          変更を保存する
        </Button>
      </div>
    </form>
  );
}

/** /teams/{id}/edit: the owner only; anyone else sees why, with the way back. */
export default function TeamEditPage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const user = useCurrentUser();
  const query = useQuery(teamQueries.detail(id, backend));
  if (query.isPending) return <Spinner label="チームを読み込み中…" />;
  if (query.isError) {
    return (
      <Page title="チームの編集">
        <ErrorState
          message={errorMessage(query.error, 'チームを読み込めませんでした')}
          onRetry={() => void query.refetch()}
        />
      </Page>
    );
  }
  const team = query.data;
  if (!team) return <TeamNotFound />;
  if (!user || user.uid !== team.ownerId) {
    return (
      <Page title="チームの編集" narrow>
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {ERR.noTeamEditPermission}
        </p>
        <Link
          to={`/teams/${encodeURIComponent(team.id)}`}
          className={buttonClass('secondary', 'mt-6')}
        >
          チームページへ戻る
        </Link>
      </Page>
    );
  }
  return (
    <Page title="チームの編集">
      {/* Keyed by the team so a refetch after saving never resets a form being edited. */}
      <EditForm key={team.id} team={team} />
    </Page>
  );
}
