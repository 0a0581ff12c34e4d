import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/features/auth/session';
import { useNotifications } from './notification-queries';

/** Shown in the header: a bell linking to /notifications with the live unread count. */
export function UnreadBadge() {
  const user = useCurrentUser();
  if (!user) return null;
  return <SignedInBadge />;
}

function SignedInBadge() {
  const { unreadCount } = useNotifications();
  // The name holds the number the badge shows (no brackets: they read as an aside), so what a
  // voice-control user sees is what they can say.
  const label =
    unreadCount > 99 ? '通知 未読99件以上' : unreadCount > 0 ? `通知 未読${unreadCount}件` : '通知';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
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
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unreadCount > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-bold text-white"
        >
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      ) : null}
    </Link>
  );
}
