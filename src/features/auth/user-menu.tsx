import { useId, useRef, useState } from 'react';
import { useMenuDismiss } from '@/components/ui/use-menu-dismiss';
import { Link, useNavigate } from 'react-router-dom';
import { isStaff } from '@/domain/rules/staff';
import { isSuspended } from '@/domain/rules/standing';
import { Avatar } from '@/components/ui/avatar';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { toast } from '@/lib/toast-store';
import type { SessionUser } from './session';

/** The signed-in user's name and avatar opening profile, settings and sign-out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const backend = useBackend();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useMenuDismiss(open, setOpen, rootRef, buttonRef);

  const signOut = async () => {
    setOpen(false);
    try {
      await backend.auth.signOut();
      navigate('/');
      toast({ title: 'ログアウトしました', variant: 'success' });
    } catch (e) {
      logger.error('signOut', e);
      toast({ title: 'ログアウトに失敗しました', variant: 'error' });
    }
  };

  const name = user.displayName || 'ユーザー';
  const itemClass =
    'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
  return (
    <div ref={rootRef} className="relative flex items-center gap-1">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100"
      >
        <Avatar name={name} photoURL={user.photoURL} />
        <span aria-hidden="true" className="hidden max-w-32 truncate text-sm font-medium sm:inline">
          {name}
        </span>
        {/* The full name stays in the accessible name even where the visible one is hidden (phones). */}
        <span className="sr-only">{name}のメニュー</span>
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="ユーザーメニュー"
          className="absolute top-full right-0 z-50 mt-2 w-48 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <Link role="menuitem" to="/profile" className={itemClass} onClick={() => setOpen(false)}>
            プロフィール
          </Link>
          <Link
            role="menuitem"
            to="/profile/settings"
            className={itemClass}
            onClick={() => setOpen(false)}
          >
            設定
          </Link>
          {isStaff({ ...user, suspended: isSuspended(user) }) ? (
            <Link role="menuitem" to="/admin" className={itemClass} onClick={() => setOpen(false)}>
              管理画面
            </Link>
          ) : null}
          <button role="menuitem" type="button" className={itemClass} onClick={signOut}>
            ログアウト
          </button>
        </div>
      ) : null}
    </div>
  );
}
