import type { FollowerNotice } from '../../mail/handlers/follower-notices.js';
import type { AnnouncementNotice, BoardPostRecord } from '../handlers/board-announcements.js';
import type {
  ConversationRecord,
  EventRecord,
  HandlerRequest,
  MessageRecord,
  NotificationRecord,
  OutgoingMail,
  RequestRecord,
} from '../handlers/common.js';
import type { SendEmailDeps } from '../handlers/send-email.js';
import type { TrackUnreadDeps } from '../handlers/track-unread-message.js';
import {
  createMemoryRateLimiter,
  readEmailSettings,
  type AuthRecipient,
  type EmailSettings,
} from '../policy.js';

export const ORGANIZER = 'organizer-uid';
export const REQUESTER = 'requester-uid';
export const STRANGER = 'stranger-uid';
export const BASE_URL = 'https://sports.example.jp';

/** A small world of Firestore documents behind the handlers' dependencies. */
export interface World {
  tokens: Record<string, string>;
  events: Record<string, EventRecord>;
  requests: Record<string, RequestRecord>;
  notifications: Record<string, NotificationRecord>;
  conversations: Record<string, ConversationRecord>;
  messages: Record<string, MessageRecord>;
  /** The Auth service's accounts (Admin SDK getUser): the only source of an address. */
  authUsers: Record<string, AuthRecipient>;
  names: Record<string, string>;
  settings: Record<string, Partial<EmailSettings>>;
  /** Accounts staff suspended (users/{uid} isActive false). */
  suspended: string[];
  /** The followers of each target key (follows by targetKey), and the notice commits written. */
  followers?: Record<string, string[]>;
  writtenNotices?: FollowerNotice[][];
  writtenAnnouncements?: AnnouncementNotice[][];
  boardPosts?: Record<string, BoardPostRecord>;
  /** How many announcement commits fail from now on (a partial failure). */
  failAnnouncementCommits?: number;
}

export function world(): World {
  return {
    tokens: {
      'organizer-token': ORGANIZER,
      'requester-token': REQUESTER,
      'stranger-token': STRANGER,
    },
    events: {
      'event-1': {
        id: 'event-1',
        organizerId: ORGANIZER,
        title: '週末フットサル',
        // 2024-05-10 00:00 in Japan, as a browser in JST stores the day.
        date: new Date('2024-05-09T15:00:00Z'),
        startTime: '10:00',
        endTime: '12:00',
        location: '代々木公園',
        organizerName: '山田（作成時）',
        participants: [],
        waitlist: [],
        entryMethod: 'approval',
      },
      'event-2': {
        id: 'event-2',
        organizerId: STRANGER,
        title: '朝ラン',
        date: new Date('2024-06-01T15:00:00Z'),
        startTime: '',
        endTime: '',
        location: '',
        organizerName: '',
        participants: [],
        waitlist: [],
        entryMethod: 'approval',
      },
    },
    notifications: {},
    requests: {
      'req-approved': {
        id: 'req-approved',
        userId: REQUESTER,
        eventId: 'event-1',
        status: 'approved',
      },
      'req-rejected': {
        id: 'req-rejected',
        userId: REQUESTER,
        eventId: 'event-1',
        status: 'rejected',
      },
      'req-pending': {
        id: 'req-pending',
        userId: REQUESTER,
        eventId: 'event-1',
        status: 'pending',
      },
      'req-other-event': {
        id: 'req-other-event',
        userId: REQUESTER,
        eventId: 'event-2',
        status: 'approved',
      },
    },
    conversations: {
      [`${ORGANIZER}_${REQUESTER}`]: {
        id: `${ORGANIZER}_${REQUESTER}`,
        participants: [ORGANIZER, REQUESTER],
      },
    },
    messages: {
      'msg-from-requester': { id: 'msg-from-requester', senderId: REQUESTER, read: false },
      'msg-from-organizer': { id: 'msg-from-organizer', senderId: ORGANIZER, read: false },
      'msg-read': { id: 'msg-read', senderId: REQUESTER, read: true },
    },
    authUsers: {
      [REQUESTER]: { email: 'requester@example.jp', emailVerified: true, disabled: false },
      [ORGANIZER]: { email: 'organizer@example.jp', emailVerified: true, disabled: false },
    },
    names: { [ORGANIZER]: '山田太郎', [REQUESTER]: '佐藤花子' },
    settings: {},
    suspended: [],
  };
}

export interface Fake {
  deps: SendEmailDeps & TrackUnreadDeps;
  sent: OutgoingMail[];
  logs: { level: string; message: string; data?: Record<string, unknown> }[];
  /** Moves the fake clock. */
  advance(ms: number): void;
}

export function fakeDeps(w: World = world()): Fake {
  let nowMs = Date.parse('2024-05-01T03:00:00Z');
  const now = () => new Date(nowMs);
  const sent: OutgoingMail[] = [];
  const logs: Fake['logs'] = [];
  const deps: SendEmailDeps & TrackUnreadDeps = {
    async verifyIdToken(token) {
      const uid = w.tokens[token];
      if (!uid) throw new Error('auth/argument-error');
      return { uid };
    },
    isSuspended: async (uid) => w.suspended.includes(uid),
    getEvent: async (id) => w.events[id] ?? null,
    getRequest: async (id) => w.requests[id] ?? null,
    getNotification: async (id) => w.notifications[id] ?? null,
    getConversation: async (id) => w.conversations[id] ?? null,
    getMessage: async (conversationId, messageId) =>
      w.conversations[conversationId] ? (w.messages[messageId] ?? null) : null,
    getAuthRecipient: async (uid) => w.authUsers[uid] ?? null,
    getDisplayName: async (uid) => w.names[uid] ?? null,
    getEmailSettings: async (uid) => readEmailSettings({ mail: w.settings[uid] ?? {} }),
    followersPage: async (key, { limit, after }) => {
      const all = (w.followers?.[key] ?? []).slice().sort();
      const start = after ? all.indexOf(after) + 1 : 0;
      const uids = all.slice(start, start + limit);
      return { uids, next: uids.length === limit ? uids.at(-1)! : null };
    },
    async writeFollowerNotices(notices) {
      (w.writtenNotices ??= []).push(notices);
    },
    getBoardPost: async (eventId, postId) => w.boardPosts?.[`${eventId}/${postId}`] ?? null,
    async writeAnnouncementNotices(notices) {
      if (w.failAnnouncementCommits) {
        w.failAnnouncementCommits--;
        throw new Error('commit failed');
      }
      (w.writtenAnnouncements ??= []).push(notices);
    },
    async existingAnnouncementNotices(ids) {
      const written = new Set((w.writtenAnnouncements ?? []).flat().map((n) => n.id));
      return new Set(ids.filter((id) => written.has(id)));
    },
    async recordAnnouncementOutcome(eventId, postId, outcome) {
      const p = w.boardPosts?.[`${eventId}/${postId}`];
      if (p) Object.assign(p, { outcome: outcome.status, notified: outcome.notified });
    },
    getPendingRequesters: async (eventId) =>
      Object.values(w.requests)
        .filter((r) => r.eventId === eventId && r.status === 'pending')
        .map((r) => r.userId),
    async sendMail(mail) {
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
    throttle: createMemoryRateLimiter(now),
    now,
    appBaseUrl: BASE_URL,
    log: {
      info: (message, data) => logs.push({ level: 'info', message, data }),
      warn: (message, data) => logs.push({ level: 'warn', message, data }),
      error: (message, data) => logs.push({ level: 'error', message, data }),
    },
  };
  return { deps, sent, logs, advance: (ms) => (nowMs += ms) };
}

export function post(body: unknown, token: string | null = 'organizer-token'): HandlerRequest {
  return {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}`, 'content-type': 'application/json' } : {},
    body,
  };
}
