import type { SessionUser } from '@/features/auth/session';
import { UserMenu } from '@/features/auth/user-menu';
import { MessagesBadge } from '@/features/messages/messages-badge';
import { UnreadBadge } from '@/features/notifications/unread-badge';

/** The header's controls for a signed-in user (loaded lazily by the layout). */
export default function SignedInActions({ user }: { user: SessionUser }) {
  return (
    <>
      <MessagesBadge />
      <UnreadBadge />
      <UserMenu user={user} />
    </>
  );
}
