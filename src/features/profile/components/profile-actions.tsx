import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import type { UserProfile } from '@/domain/entities/user';

/**
 * The actions beside a name on /profile/{id}. The owner edits their profile. For everyone else
 * this is where actions on another user belong: the messages feature adds 「メッセージを送る」
 * (opening /messages/{conversationId}) here, and staff tools may add a report; there are none
 * yet, so nothing shows.
 */
export function ProfileActions({ isMe }: { profile: UserProfile; isMe: boolean }) {
  if (isMe) {
    return (
      <Link to="/profile/settings" className={buttonClass('secondary')}>
        プロフィールを編集
      </Link>
    );
  }
  return null;
}
