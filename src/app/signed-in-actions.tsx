import { lazy, Suspense } from 'react';
import type { SessionUser } from '@/features/auth/session';
import { UserMenu } from '@/features/auth/user-menu';
import { MessagesBadge } from '@/features/messages/messages-badge';
import { UnreadBadge } from '@/features/notifications/unread-badge';

/** 「掲示板に新着があります」: its code and reads come after the page (docs/board.md). */
const HeaderBoardsMark = lazy(() =>
  import('@/features/boards/public').then((m) => m.loadHeaderBoardsMark()),
);

/** The header's controls for a signed-in user (loaded lazily by the layout). */
export default function SignedInActions({ user }: { user: SessionUser }) {
  return (
    <>
      <Suspense fallback={null}>
        <HeaderBoardsMark />
      </Suspense>
      <MessagesBadge />
      <UnreadBadge />
      <UserMenu user={user} />
    </>
  );
}
