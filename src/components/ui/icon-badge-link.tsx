import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A header icon's box (links, the boards' menu button). */
export const HEADER_ICON_CLASS =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100';

/** A header icon: its strokes on a 24×24 grid, drawn in the current text colour. */
export function HeaderIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

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
  /** The icon's strokes (paths on a 24×24 grid), drawn in the current text colour. */
  children: ReactNode;
}) {
  return (
    <Link to={to} aria-label={label} title={label} className={HEADER_ICON_CLASS}>
      <HeaderIcon>{children}</HeaderIcon>
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
