import { StatusPill } from '@/components/ui/status-pill';
import { isTeamFull, type Team } from '@/domain/entities/team';

/** メンバー募集中, 満員 (recruiting but at the limit) or 募集停止. */
export function RecruitingBadge({
  team,
  className = '',
}: {
  team: Pick<Team, 'recruiting' | 'members' | 'maxMembers'>;
  className?: string;
}) {
  const [tone, label] = !team.recruiting
    ? (['slate', '募集停止'] as const)
    : isTeamFull(team)
      ? (['red', '満員'] as const)
      : (['green', 'メンバー募集中'] as const);
  return (
    <span className={className}>
      <StatusPill tone={tone}>{label}</StatusPill>
    </span>
  );
}

/** "3 / 20人", or "3人" for a team without a limit (older documents). */
export function memberCountText(team: Pick<Team, 'members' | 'maxMembers'>): string {
  return team.maxMembers > 0
    ? `${team.members.length} / ${team.maxMembers}人`
    : `${team.members.length}人`;
}
