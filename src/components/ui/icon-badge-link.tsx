import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A header icon that links somewhere and counts what is waiting there (unread notifications,
 * unread messages). `label` is the accessible name, count included.
 */
export function IconBadgeLink({
  to,
  label,
  count,
  children,
}: {
  to: string;
  label: string;
  count: number;
  /** The icon (an svg marked aria-hidden). */
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      {children}
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
