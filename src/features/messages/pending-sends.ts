import { useSyncExternalStore } from 'react';

/** A message typed and sent from this tab that the backend has not confirmed yet, or refused. */
export interface PendingSend {
  /** The id the message will have (ConversationsPort.newMessageId), kept for every retry. */
  id: string;
  conversationId: string;
  content: string;
  /** 'sent' until the live list shows the stored message, so the bubble never blinks. */
  status: 'sending' | 'failed' | 'sent';
  /** Why the last attempt failed (Japanese, for the bubble). */
  error: string;
  /** Where the error lets the user act (e.g. /verify-email), if anywhere. */
  errorLink: string;
  createdAt: Date;
}

/**
 * Pending sends live for the page's lifetime, per signed-in user and conversation, outside any
 * component: leaving a chat and coming back (or switching conversations) keeps a failed text
 * with its retry, and another user signing in on this tab never sees them.
 */
const store = new Map<string, PendingSend[]>();
const listeners = new Set<() => void>();
const EMPTY: PendingSend[] = [];

const keyOf = (uid: string, conversationId: string) => `${uid}\u0000${conversationId}`;

function emit() {
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const pendingSends = {
  add(uid: string, send: PendingSend): void {
    const key = keyOf(uid, send.conversationId);
    store.set(key, [...(store.get(key) ?? []), send]);
    emit();
  },
  update(uid: string, conversationId: string, id: string, patch: Partial<PendingSend>): void {
    const key = keyOf(uid, conversationId);
    const list = store.get(key);
    if (!list) return;
    store.set(
      key,
      list.map((p) => (p.id === id ? { ...p, ...patch } : p)),
    );
    emit();
  },
  remove(uid: string, conversationId: string, id: string): void {
    const key = keyOf(uid, conversationId);
    const list = (store.get(key) ?? []).filter((p) => p.id !== id);
    if (list.length) store.set(key, list);
    else store.delete(key);
    emit();
  },
  get(uid: string, conversationId: string): PendingSend[] {
    return store.get(keyOf(uid, conversationId)) ?? EMPTY;
  },
};

export function usePendingSends(uid: string, conversationId: string): PendingSend[] {
  return useSyncExternalStore(subscribe, () => pendingSends.get(uid, conversationId));
}
