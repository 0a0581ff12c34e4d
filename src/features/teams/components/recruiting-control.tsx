import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ActionError } from '@/components/flows/standing-notice';
import { isTeamFull, type Team } from '@/domain/entities/team';
import { toast } from '@/lib/toast-store';
import { useUpdateTeam } from '../team-mutations';

/** The owner opens or closes recruiting; requests already pending stay approvable. */
export function RecruitingControl({ team }: { team: Team }) {
  const update = useUpdateTeam(team);
  const [error, setError] = useState<unknown>(null);
  const next = !team.recruiting;
  const toggle = () => {
    setError(null);
    update.mutate(
      { recruiting: next },
      {
        onSuccess: () =>
          toast({
            title: next ? 'メンバーの募集を再開しました' : 'メンバーの募集を締め切りました',
            variant: 'success',
          }),
        onError: setError,
      },
    );
  };
  return (
    <div>
      <p className="text-sm text-slate-600">
        現在：
        <span className="font-semibold text-slate-900">
          {team.recruiting ? 'メンバー募集中' : '募集停止中'}
        </span>
      </p>
      {team.recruiting && isTeamFull(team) ? (
        <p className="mt-1 text-xs text-slate-600">
          上限人数に達しているため、新しいリクエストは届きません。
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="mt-3 w-full"
        onClick={toggle}
        busy={update.isPending}
        busyLabel="変更しています…"
      >
        {team.recruiting ? '募集を締め切る' : '募集を再開する'}
      </Button>
      <ActionError error={error} className="mt-3" />
    </div>
  );
}
