import * as z from 'zod/mini';
import { optionalTime, text } from './common';
import { toDateOrNull } from '@/domain/time';

/** Conversation id: the two user ids sorted and joined by an underscore. */
export function conversationId(a: string, b: string): string {
  return [a, b].sort().join('_');
}

export const conversationSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    participants: z.pipe(
      z.nullish(z.array(z.string())),
      z.transform((v) => v ?? []),
    ),
    lastMessage: text(),
    lastMessageTime: optionalTime,
    createdAt: optionalTime,
    lastSenderId: text(),
    /** The message lastMessage previews (written with it, so the rules can check they agree). */
    lastMessageId: text(),
    unreadCount: z.pipe(
      z.nullish(z.record(z.string(), z.unknown())),
      z.transform((m) => {
        const out: Record<string, number> = {};
        for (const [k, v] of Object.entries(m ?? {}))
          out[k] = typeof v === 'number' && v > 0 ? v : 0;
        return out;
      }),
    ),
    archived: z.pipe(
      z.nullish(z.record(z.string(), z.unknown())),
      z.transform((m) => {
        const out: Record<string, boolean> = {};
        for (const [k, v] of Object.entries(m ?? {})) out[k] = v === true;
        return out;
      }),
    ),
    archivedAt: z.pipe(
      z.nullish(z.record(z.string(), z.unknown())),
      z.transform((m) => {
        const out: Record<string, Date | null> = {};
        for (const [k, v] of Object.entries(m ?? {})) out[k] = toDateOrNull(v);
        return out;
      }),
    ),
  }),
);

export type Conversation = z.output<typeof conversationSchema>;

// What a conversation says for one of its two people. The header's unread badge reads it on
// every page, so it sits with the entity and not with the decisions
// (src/domain/rules/conversations.ts), which load with the messaging use case.

/** The other person of a conversation I take part in ('' when the document is malformed). */
export function partnerOf(conversation: Conversation, me: string): string {
  return conversation.participants.find((p) => p !== me) ?? '';
}

export function unreadFor(conversation: Conversation, uid: string): number {
  return conversation.unreadCount[uid] ?? 0;
}

/** The header badge: every unread message sent to me, archived conversations included. */
export function totalUnread(conversations: readonly Conversation[], uid: string): number {
  return conversations.reduce((sum, c) => sum + unreadFor(c, uid), 0);
}

export function isArchivedFor(conversation: Conversation, uid: string): boolean {
  return conversation.archived[uid] === true;
}

export const messageSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    senderId: z.string(),
    content: text(),
    read: z.pipe(
      z.nullish(z.boolean()),
      z.transform((v) => v ?? false),
    ),
    readAt: optionalTime,
    sentAt: optionalTime,
  }),
);

export type Message = z.output<typeof messageSchema>;
