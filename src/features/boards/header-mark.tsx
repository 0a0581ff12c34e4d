import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { HEADER_ICON_CLASS, HeaderIcon } from '@/components/ui/icon-badge-link';
import { useMenuDismiss } from '@/components/ui/use-menu-dismiss';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { boardQueries } from './board-queries';

const LABEL = '掲示板に新着があります';
/** How long the header's answer stands before a page change or a focused tab reads it again. */
export const HEADER_BOARDS_STALE_MS = 30_000;

/**
 * The header's 「掲示板に新着」 (docs/board.md "Reads, listeners, unread marks"): a mark while a
 * board of one's soonest events or newest teams has posts one has not read, opening the list of
 * them, each a link to its board. Read when the app starts, after a board has been read, and on a
 * page change or a focused tab once HEADER_BOARDS_STALE_MS old; not live. Nothing for a visitor,
 * while unknown, when all is read, or on a failure (each board says so itself).
 */
export default function HeaderBoardsMark() {
  const uid = useCurrentUser()?.uid ?? null;
  const backend = useBackend();
  const unread = useQuery({
    ...boardQueries.mine(uid, backend),
    staleTime: HEADER_BOARDS_STALE_MS,
    // Not stored: a page loaded again reads it afresh (a stored copy would count as fresh).
    meta: { silent: true, persist: false },
  });
  const { pathname } = useLocation();
  const { isStale, refetch } = unread;
  useEffect(() => {
    if (isStale) void refetch();
    // On a page change only; a focused tab is the query client's refetchOnWindowFocus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boards = unread.data ?? [];

  useMenuDismiss(open, setOpen, rootRef, buttonRef);

  if (boards.length === 0) return null;
  return (
    // On a phone the list spans the header (its sticky box holds it), not this icon's width.
    <div ref={rootRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={LABEL}
        title={LABEL}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={HEADER_ICON_CLASS}
      >
        <HeaderIcon>
          <rect x="4" y="3" width="16" height="18" rx="2" />
          <path d="M8 8h8M8 12h8M8 16h5" />
        </HeaderIcon>
        <span
          aria-hidden="true"
          className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-rose-600 ring-2 ring-white"
        />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="新着のある掲示板"
          className="absolute inset-x-4 top-full z-50 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-72"
        >
          <p className="px-4 pt-1 pb-2 text-xs font-semibold text-slate-600" aria-hidden="true">
            新着のある掲示板
          </p>
          {boards.map(({ board, title }) => (
            <Link
              key={`${board.kind}_${board.id}`}
              role="menuitem"
              to={`/${board.kind === 'event' ? 'events' : 'teams'}/${board.id}#board`}
              onClick={() => setOpen(false)}
              className="block px-4 py-2 text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
            >
              <span className="block truncate font-medium">{title}</span>
              <span className="block text-xs text-slate-600">
                {board.kind === 'event' ? '掲示板' : 'チームチャット'}に新しい投稿
              </span>
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
