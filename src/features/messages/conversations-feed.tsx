import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { totalUnread, type Conversation } from '@/domain/entities/conversation';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { useLiveQuery } from '@/lib/use-live-query';
import { messageQueries } from './message-queries';
import { forgetAllBut } from './unsent-messages';

export interface ConversationsFeed {
  /** The signed-in user's conversations of the last 90 days, newest first; [] while loading. */
  conversations: Conversation[];
  /** My unread messages over all of them: the header badge. */
  unread: number;
  isLoading: boolean;
  error: unknown;
  retry: () => void;
}

const FeedContext = createContext<ConversationsFeed | null>(null);

/**
 * One live listener to the signed-in user's conversations for the whole shell: the header badge
 * and the messages screen read the same list. It is torn down on sign-out and before another
 * user's starts. The list lives in the query cache (useLiveQuery), in memory only: not in the
 * stored copy, so what people wrote each other does not outlive the page.
 */
export function ConversationsFeedProvider({ children }: { children: ReactNode }) {
  const backend = useBackend();
  const uid = useCurrentUser()?.uid ?? null;
  const live = useLiveQuery<Conversation[]>(
    uid ? messageQueries.conversations(uid) : null,
    (next, fail) => backend.conversations.subscribe(uid!, next, fail),
    'conversations.subscribe',
    { persist: false },
  );
  // Unsent text belongs to the user who typed it: gone when they sign out or another signs in.
  useEffect(() => forgetAllBut(uid), [uid]);
  const value = useMemo<ConversationsFeed>(() => {
    const conversations = live.data ?? [];
    return {
      conversations,
      unread: uid ? totalUnread(conversations, uid) : 0,
      isLoading: live.isLoading,
      error: live.error,
      retry: live.retry,
    };
  }, [live.data, live.isLoading, live.error, live.retry, uid]);
  return <FeedContext.Provider value={value}>{children}</FeedContext.Provider>;
}

export function useConversationsFeed(): ConversationsFeed {
  const feed = useContext(FeedContext);
  if (!feed)
    throw new Error('useConversationsFeed needs ConversationsFeedProvider (src/app/app.tsx)');
  return feed;
}
