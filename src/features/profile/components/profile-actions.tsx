import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import type { UserProfile } from '@/domain/entities/user';
import { ReportButton } from '@/features/admin/public';
import { StartConversationButton } from '@/features/messages/public';

/**
 * The actions beside a name on /profile/{id}. The owner edits their profile; everyone else may
 * send a message or report the profile (a visitor is offered the login first).
 */
export function ProfileActions({ profile, isMe }: { profile: UserProfile; isMe: boolean }) {
  if (isMe) {
    return (
      <Link to="/profile/settings" className={buttonClass('secondary')}>
        プロフィールを編集
      </Link>
    );
  }
  return (
    <>
      <StartConversationButton otherUid={profile.id} label="メッセージを送る" />
      <ReportButton target={{ type: 'user', id: profile.id }} ownerId={profile.id} />
    </>
  );
}
