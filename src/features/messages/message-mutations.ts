import { useNavigate } from 'react-router-dom';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';
import { useMutation } from '@/lib/use-mutation';

/**
 * The messages feature's writes besides sending (useChat queues and retries those). The
 * conversation list and a conversation are live, so neither refreshes a query: the listeners
 * bring the change.
 */

/** Opens (or starts) my conversation with `otherUid` and goes to it; the button shows a refusal. */
export function useStartConversation(otherUid: string) {
  const backend = useBackend();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => backend.conversations.getOrCreate(otherUid),
    onSuccess: (c) => navigate(`/messages/${encodeURIComponent(c.id)}`),
    meta: { silent: true },
  });
}

/** Archives a conversation for me, or brings it back. */
export function useArchiveConversation(conversationId: string) {
  const backend = useBackend();
  return useMutation({
    mutationFn: (next: boolean) => backend.conversations.setArchived(conversationId, next),
    onSuccess: (_v, next) =>
      toast({ title: next ? 'アーカイブしました' : 'アーカイブを解除しました' }),
  });
}
