import { useEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '@/domain/entities/conversation';
import { errorMessage, isDomainError } from '@/domain/errors';
import { normalizeMessageContent } from '@/domain/rules/conversations';
import { useBackend } from '@/lib/backend-context';
import { logger } from '@/lib/logger';
import { useLiveQuery } from '@/lib/use-live-query';
import { messageQueries } from './message-queries';
import { pendingSends, usePendingSends, type PendingSend } from './unsent-messages';

export type ChatItemStatus = 'sending' | 'failed' | 'sent' | 'read';

/** One bubble: a stored message, or a send of mine the backend has not confirmed. */
export interface ChatItem {
  id: string;
  content: string;
  mine: boolean;
  /** When it was sent; for a pending send, when it was typed. */
  sentAt: Date | null;
  status: ChatItemStatus;
  error: string;
  errorLink: string;
}

const SEND_FAILED = '送信できませんでした。通信環境を確認して、もう一度お試しください';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** Stored messages in order, then my sends not stored yet; a send in flight shows as sending. */
export function mergeChat(uid: string, messages: Message[], pending: PendingSend[]): ChatItem[] {
  const byId = new Map(pending.map((p) => [p.id, p]));
  const stored = new Set(messages.map((m) => m.id));
  const items: ChatItem[] = messages.map((m) => ({
    id: m.id,
    content: m.content,
    mine: m.senderId === uid,
    sentAt: m.sentAt,
    status: byId.get(m.id)?.status === 'sending' ? 'sending' : m.read ? 'read' : 'sent',
    error: '',
    errorLink: '',
  }));
  for (const p of pending) {
    if (stored.has(p.id)) continue;
    items.push({
      id: p.id,
      content: p.content,
      mine: true,
      sentAt: p.createdAt,
      status: p.status === 'failed' ? 'failed' : p.status === 'sending' ? 'sending' : 'sent',
      error: p.error,
      errorLink: p.errorLink,
    });
  }
  return items;
}

/**
 * The open chat: its live messages (last 90 days), my pending sends merged in, and the read
 * receipts. While the tab is visible, incoming unread messages are marked read and my unread
 * count reset, once per new state (a failure is logged and tried again on the next change).
 */
export function useChat(uid: string, conversationId: string, myUnread: number) {
  const backend = useBackend();
  const live = useLiveQuery<Message[]>(
    messageQueries.messages(uid, conversationId),
    (next, fail) => backend.conversations.subscribeMessages(conversationId, next, fail),
    'conversations.subscribeMessages',
    { persist: false },
  );
  const pending = usePendingSends(uid, conversationId);
  const visible = useDocumentVisible();
  const messages = live.data;

  const unreadIds = useMemo(
    () => (messages ?? []).filter((m) => m.senderId !== uid && !m.read).map((m) => m.id),
    [messages, uid],
  );
  const readKey = `${conversationId}|${unreadIds.join(',')}|${myUnread}`;
  const lastMarked = useRef('');
  useEffect(() => {
    if (!visible || messages === undefined) return;
    if (unreadIds.length === 0 && myUnread === 0) return;
    if (lastMarked.current === readKey) return;
    lastMarked.current = readKey;
    backend.conversations
      .markRead(conversationId, unreadIds)
      .catch((e: unknown) => logger.error('conversations.markRead', e));
  }, [backend, conversationId, visible, messages, unreadIds, myUnread, readKey]);

  // A confirmed send leaves the pending list once the live list holds it, so it never blinks.
  useEffect(() => {
    if (!messages) return;
    const stored = new Set(messages.map((m) => m.id));
    for (const p of pending) {
      if (p.status === 'sent' && stored.has(p.id)) pendingSends.remove(uid, conversationId, p.id);
    }
  }, [messages, pending, uid, conversationId]);

  const attempt = async (p: PendingSend) => {
    pendingSends.update(uid, conversationId, p.id, { status: 'sending', error: '', errorLink: '' });
    try {
      await backend.conversations.send(conversationId, p.content, p.id);
      pendingSends.update(uid, conversationId, p.id, { status: 'sent' });
    } catch (e) {
      logger.error('conversations.send', e);
      pendingSends.update(uid, conversationId, p.id, {
        status: 'failed',
        error: errorMessage(e, SEND_FAILED),
        errorLink: isDomainError(e, 'emailNotVerified') ? '/verify-email' : '',
      });
    }
  };

  return {
    items: messages === undefined ? [] : mergeChat(uid, messages, pending),
    isLoading: live.isLoading,
    error: live.error,
    retryLoad: live.retry,
    /** Sends the text, or returns why it cannot be sent (blank, too long) without sending. */
    send(text: string): string | null {
      let content: string;
      try {
        content = normalizeMessageContent(text);
      } catch (e) {
        return errorMessage(e);
      }
      const p: PendingSend = {
        id: backend.conversations.newMessageId(),
        conversationId,
        content,
        status: 'sending',
        error: '',
        errorLink: '',
        createdAt: new Date(),
      };
      pendingSends.add(uid, p);
      void attempt(p);
      return null;
    },
    /** Sends a failed message again, with the same id: it is stored once whatever happened. */
    retry(id: string) {
      const p = pendingSends.get(uid, conversationId).find((x) => x.id === id);
      if (p) void attempt(p);
    },
    discard(id: string) {
      pendingSends.remove(uid, conversationId, id);
    },
  };
}
