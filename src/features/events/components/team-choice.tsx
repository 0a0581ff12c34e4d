import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { controlClass } from '@/components/ui/form-field';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { myTeamsQuery } from '@/lib/shared-queries';
import type { EventForm } from './event-form-fields';

const NONE = 'none';
const LEGACY = 'legacy';
const teamValue = (id: string) => `team:${id}`;

/**
 * The team holding the event: none, or one of the organizer's teams (the backend checks the
 * membership and takes the name from the team: decideEventTeam). An event being edited keeps
 * the team it has even when its organizer has left that team since, and an older free-text team
 * name stays until the organizer chooses otherwise.
 */
export function TeamChoice({ form }: { form: EventForm }) {
  const id = useId();
  const backend = useBackend();
  const uid = useCurrentUser()?.uid ?? '';
  // Fresh on every visit: a team joined a moment ago must be offered.
  const teams = useQuery({
    ...myTeamsQuery(uid, backend),
    enabled: uid !== '',
    refetchOnMount: 'always',
  });
  const [teamId, teamName] = useWatch({ control: form.control, name: ['teamId', 'teamName'] });
  const initial = form.formState.defaultValues;
  const legacyName = !initial?.teamId && initial?.teamName ? initial.teamName : '';
  const mine = teams.data ?? [];
  const current = teamId ? teamValue(teamId) : teamName ? LEGACY : NONE;
  const keptTeam =
    teamId && !mine.some((t) => t.id === teamId) ? { id: teamId, name: teamName } : null;

  const choose = (value: string) => {
    const team = mine.find((t) => teamValue(t.id) === value);
    const [nextId, nextName] = team
      ? [team.id, team.name]
      : value === LEGACY
        ? ['', legacyName]
        : keptTeam && value === teamValue(keptTeam.id)
          ? [keptTeam.id, keptTeam.name]
          : ['', ''];
    form.setValue('teamId', nextId, { shouldDirty: true });
    form.setValue('teamName', nextName, { shouldDirty: true });
  };

  if (teams.isSuccess && mine.length === 0 && !keptTeam && !legacyName) {
    return (
      <p className="text-sm text-slate-600">
        チームに所属していると、チームのイベントとして作成できます。
        <Link to="/teams" className="ml-1 font-semibold text-brand-700 underline">
          チームを探す
        </Link>
      </p>
    );
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        主催チーム
      </label>
      <select
        id={id}
        className={controlClass}
        value={current}
        aria-describedby={`${id}-hint`}
        onChange={(e) => choose(e.target.value)}
      >
        <option value={NONE}>チームとして主催しない</option>
        {legacyName ? <option value={LEGACY}>{legacyName}（チームページなし）</option> : null}
        {keptTeam ? <option value={teamValue(keptTeam.id)}>{keptTeam.name}</option> : null}
        {mine.map((t) => (
          <option key={t.id} value={teamValue(t.id)}>
            {t.name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {teams.isPending && uid
          ? '所属チームを読み込んでいます…'
          : 'チームのイベントにすると、チームページの「今後のイベント」に表示されます。'}
      </p>
      {teams.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          所属チームを読み込めませんでした。
          <button
            type="button"
            className="ml-2 font-semibold underline"
            onClick={() => void teams.refetch()}
          >
            再読み込み
          </button>
        </p>
      ) : null}
    </div>
  );
}
