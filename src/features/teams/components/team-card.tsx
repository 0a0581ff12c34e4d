import { memo } from 'react';
import { Link } from 'react-router-dom';
import { CoverImage } from '@/components/ui/cover-image';
import type { Team } from '@/domain/entities/team';
import { memberCountText, RecruitingBadge } from './team-badges';

/**
 * A team in a list; `eager` for the first card, whose picture is the page's largest paint
 * (EAGER_CARDS).
 */
export const TeamCard = memo(function TeamCard({
  team,
  eager = false,
}: {
  team: Team;
  eager?: boolean;
}) {
  return (
    <li className="h-full" data-testid="team-card">
      <Link
        to={`/teams/${encodeURIComponent(team.id)}`}
        className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md focus-visible:shadow-md"
      >
        <div className="relative">
          <CoverImage src={team.imageURL} fallback={team.sportType || 'チーム'} eager={eager} />
          <RecruitingBadge team={team} className="absolute top-2 left-2 shadow-sm" />
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <p className="text-xs font-semibold text-brand-700">{team.sportType}</p>
          <h2 className="line-clamp-2 text-base leading-snug font-bold break-words text-slate-900 group-hover:underline">
            {team.name}
          </h2>
          {team.activity ? (
            <p className="truncate text-sm text-slate-600">
              <span className="sr-only">活動日・頻度：</span>
              {team.activity}
            </p>
          ) : null}
          <dl className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
            <div>
              <dt className="sr-only">活動地域</dt>
              <dd className="text-slate-700">{team.region || '地域指定なし'}</dd>
            </div>
            <div>
              <dt className="sr-only">レベル</dt>
              <dd className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {team.level}
              </dd>
            </div>
            <div className="ml-auto text-slate-600">
              <dt className="sr-only">メンバー / 上限</dt>
              <dd>{memberCountText(team)}</dd>
            </div>
          </dl>
        </div>
      </Link>
    </li>
  );
});
