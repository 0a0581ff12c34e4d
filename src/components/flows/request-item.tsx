import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatRelative } from '@/domain/relative-time';

/**
 * One join request in the list of whoever decides (an event's organizer, a team's owner): who
 * asked (avatar and name, linked to their profile), when, and their message; `badge` and the
 * actions (`children`) are the caller's.
 */
export function RequestItem({
  avatar,
  name,
  userId,
  createdAt,
  message,
  badge,
  children,
}: {
  avatar: ReactNode;
  name: string;
  userId: string;
  createdAt: Date | null;
  message: string;
  badge?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      {avatar}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={`/profile/${encodeURIComponent(userId)}`}
            className="font-semibold text-slate-900 hover:underline"
          >
            {name}
          </Link>
          {badge}
          {createdAt ? (
            <time dateTime={createdAt.toISOString()} className="text-xs text-slate-600">
              {formatRelative(createdAt)}
            </time>
          ) : null}
        </div>
        {message ? (
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-700">{message}</p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">メッセージはありません</p>
        )}
        {children}
      </div>
    </div>
  );
}
