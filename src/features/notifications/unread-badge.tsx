import { IconBadgeLink } from '@/components/ui/icon-badge-link';
import { useCurrentUser } from '@/features/auth/public';
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
    <IconBadgeLink to="/notifications" label={label} count={unreadCount}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </IconBadgeLink>
  );
}
