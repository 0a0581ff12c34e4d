import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Backend } from '@/data/ports/backend';
import { profileQuery } from '@/lib/profiles';

/**
 * The query-options factory of the messages feature. Conversations and messages themselves are
 * live: their listeners push into the keys below (useLiveQuery in conversations-feed.tsx and
 * use-chat.ts); the rest are the one-off reads around them.
 */
export const messageQueries = {
  all: ['messages'] as const,

  /** The signed-in user's live conversation list. */
  conversations: (uid: string) => ['messages', 'conversations', uid] as const,

  /** The live messages of one conversation, as the signed-in user sees them. */
  messages: (uid: string, conversationId: string) =>
    ['messages', 'messages', uid, conversationId] as const,

  /** The other participant's public profile (name and photo for a row or the chat header). */
  profile: profileQuery,

  /** A conversation outside the live list (older than 90 days, or not yet listed). */
  conversation: (id: string, backend?: Backend) =>
    queryOptions({
      queryKey: ['messages', 'conversation', id] as const,
      queryFn: backend ? () => backend.conversations.get(id) : skipToken,
      meta: { silent: true },
    }),
};
