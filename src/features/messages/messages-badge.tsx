import { IconBadgeLink } from '@/components/ui/icon-badge-link';
import { useConversationsFeed } from './conversations-feed';

/** Shown in the header beside the notifications bell: my unread messages, live in every tab. */
export function MessagesBadge() {
  const { unread } = useConversationsFeed();
  // As the bell: the name holds the number the badge shows, so it is what a voice-control user
  // can say.
  const label =
    unread > 99
      ? 'メッセージ 未読99件以上'
      : unread > 0
        ? `メッセージ 未読${unread}件`
        : 'メッセージ';
  return (
    <IconBadgeLink to="/messages" label={label} count={unread}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
    </IconBadgeLink>
  );
}
