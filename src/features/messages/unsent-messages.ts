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
 * Pending sends and drafts live for the page's lifetime, per signed-in user and conversation,
 * outside any component: leaving a chat and coming back (or switching conversations) keeps a
 * failed text with its retry and a half-typed one. Signing out forgets them (forgetAllBut), so
 * the next person on this tab never sees them.
 */
const store = new Map<string, PendingSend[]>();
const draftStore = new Map<string, string>();
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

export const drafts = {
  get: (uid: string, conversationId: string): string =>
    draftStore.get(keyOf(uid, conversationId)) ?? '',
  set(uid: string, conversationId: string, text: string): void {
    if (text) draftStore.set(keyOf(uid, conversationId), text);
    else draftStore.delete(keyOf(uid, conversationId));
  },
};

/** Forgets every pending send and draft that is not `uid`'s (all of them when signed out). */
export function forgetAllBut(uid: string | null): void {
  const mine = (key: string) => uid !== null && key.startsWith(`${uid}\u0000`);
  for (const key of [...store.keys()]) if (!mine(key)) store.delete(key);
  for (const key of [...draftStore.keys()]) if (!mine(key)) draftStore.delete(key);
  emit();
}

export function usePendingSends(uid: string, conversationId: string): PendingSend[] {
  return useSyncExternalStore(subscribe, () => pendingSends.get(uid, conversationId));
}
