import { FieldPath, FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type {
  ConversationRecord,
  EventRecord,
  MessageRecord,
  NotificationRecord,
  RequestRecord,
} from '../../mail/handlers/common.js';
import { readChangeRecord } from '../../mail/handlers/common.js';
import { EVENT_MAIL_REQUESTERS_LIMIT } from '../../mail/handlers/event-change-mail.js';
import type { FollowerNotice } from '../../mail/handlers/follower-notices.js';
import {
  boardPostRecord,
  type AnnouncementNotice,
  type AnnouncementOutcome,
} from '../../mail/handlers/board-announcements.js';
import { readEmailSettings, type AuthRecipient, type EmailSettings } from '../../mail/policy.js';

/**
 * The Firestore reads of the handlers, on the Admin SDK (which bypasses firestore.rules). No
 * address is ever read from a document: users/{uid}/private/account is client-written, so the
 * recipient's address comes from the Auth service (createAuthRecipients). Ids come from
 * validated bodies, and a document id containing '/' would address another path, so such ids
 * read as "no document".
 */
function safeId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= 128 &&
    !id.includes('/') &&
    id !== '.' &&
    id !== '..' &&
    !/^__.*__$/.test(id)
  );
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const uids = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string') : [];

function toDate(v: unknown): Date | null {
  if (
    v &&
    typeof v === 'object' &&
    'toDate' in v &&
    typeof (v as { toDate: unknown }).toDate === 'function'
  ) {
    const d = (v as { toDate(): Date }).toDate();
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

export function createFirestoreReads(db: Firestore) {
  /** Notices of the server's handlers in one batch, stored as a client notification is. */
  const writeNotices = async (notices: (FollowerNotice | AnnouncementNotice)[]) => {
    const batch = db.batch();
    const at = FieldValue.serverTimestamp();
    const clientTimestamp = Timestamp.now();
    for (const n of notices) {
      batch.set(db.collection('notifications').doc(n.id), {
        userId: n.userId,
        type: n.type,
        data: n.data,
        read: false,
        timestamp: at,
        clientTimestamp,
      });
    }
    await batch.commit();
  };
  const read = async (path: string[]) => {
    if (!path.every(safeId)) return null;
    const snap = await db.doc(path.join('/')).get();
    return snap.exists ? (snap.data() ?? null) : null;
  };

  return {
    async getEvent(id: string): Promise<EventRecord | null> {
      const d = await read(['events', id]);
      if (!d) return null;
      return {
        id,
        organizerId: str(d.organizerId),
        title: str(d.title),
        date: toDate(d.date),
        startTime: str(d.startTime),
        endTime: str(d.endTime),
        location: str(d.location),
        organizerName: str(d.organizerName),
        status: str(d.status),
        participants: uids(d.participants),
        waitlist: uids(d.waitlist),
        entryMethod: str(d.entryMethod),
        staffCancelReason: str(d.staffCancelReason),
        lastChange: readChangeRecord(d.lastChange, toDate),
        updatedAt: toDate(d.updatedAt),
        teamId: str(d.teamId),
        teamName: str(d.teamName),
        createdAt: toDate(d.createdAt),
      };
    },

    /** The followers of a target (follows by targetKey), a page at a time in document-id order. */
    async followersPage(key: string, { limit, after }: { limit: number; after: string | null }) {
      let query = db
        .collection('follows')
        .where('targetKey', '==', key)
        .orderBy(FieldPath.documentId())
        .limit(limit);
      if (after) query = query.startAfter(after);
      const snap = await query.get();
      return {
        uids: snap.docs.map((d) => str(d.get('followerId'))).filter(Boolean),
        next: snap.docs.length === limit ? snap.docs[snap.docs.length - 1]!.id : null,
      };
    },

    /** One page of follower notices in one batch, as a client notification is stored. */
    async writeFollowerNotices(notices: FollowerNotice[]): Promise<void> {
      await writeNotices(notices);
    },

    /** A post of an event's board (docs/board.md), or null. */
    async getBoardPost(eventId: string, postId: string) {
      if (!safeId(eventId) || !safeId(postId)) return null;
      const d = (
        await db.collection('eventBoards').doc(eventId).collection('posts').doc(postId).get()
      ).data();
      return d ? boardPostRecord(d, toDate) : null;
    },

    /** One page of a board announcement's notices in one batch (as writeFollowerNotices). */
    async writeAnnouncementNotices(notices: AnnouncementNotice[]): Promise<void> {
      await writeNotices(notices);
    },

    /** Which of these notices exist (one getAll, at most ANNOUNCEMENT_BATCH documents). */
    async existingAnnouncementNotices(ids: string[]): Promise<Set<string>> {
      const safe = ids.filter(safeId);
      if (!safe.length) return new Set();
      const snaps = await db.getAll(...safe.map((id) => db.collection('notifications').doc(id)));
      return new Set(snaps.filter((s) => s.exists).map((s) => s.id));
    },

    /** The post's announceOutcome, which only the server writes (docs/board.md). */
    async recordAnnouncementOutcome(
      eventId: string,
      postId: string,
      outcome: AnnouncementOutcome,
    ): Promise<void> {
      if (!safeId(eventId) || !safeId(postId)) return;
      await db
        .collection('eventBoards')
        .doc(eventId)
        .collection('posts')
        .doc(postId)
        .update({ announceOutcome: { ...outcome, at: FieldValue.serverTimestamp() } });
    },

    async getPendingRequesters(eventId: string): Promise<string[]> {
      if (!safeId(eventId)) return [];
      const snap = await db
        .collection('participationRequests')
        .where('eventId', '==', eventId)
        .where('status', '==', 'pending')
        .limit(EVENT_MAIL_REQUESTERS_LIMIT)
        .get();
      return snap.docs.map((d) => str(d.get('userId'))).filter(Boolean);
    },

    async getRequest(id: string): Promise<RequestRecord | null> {
      const d = await read(['participationRequests', id]);
      if (!d) return null;
      return {
        id,
        userId: str(d.userId),
        eventId: str(d.eventId),
        status: str(d.status),
        fromWaitlist: d.fromWaitlist === true,
      };
    },

    async getNotification(id: string): Promise<NotificationRecord | null> {
      const d = await read(['notifications', id]);
      if (!d) return null;
      const data = d.data && typeof d.data === 'object' ? (d.data as Record<string, unknown>) : {};
      return { userId: str(d.userId), type: str(d.type), data, createdAt: toDate(d.timestamp) };
    },

    async getConversation(id: string): Promise<ConversationRecord | null> {
      const d = await read(['conversations', id]);
      if (!d) return null;
      const participants = Array.isArray(d.participants)
        ? d.participants.filter((p): p is string => typeof p === 'string')
        : [];
      return { id, participants };
    },

    async getMessage(conversationId: string, messageId: string): Promise<MessageRecord | null> {
      const d = await read(['conversations', conversationId, 'messages', messageId]);
      if (!d) return null;
      return { id: messageId, senderId: str(d.senderId), read: d.read === true };
    },

    async isSuspended(uid: string): Promise<boolean> {
      const d = await read(['users', uid]);
      return d?.isActive === false;
    },

    async getDisplayName(uid: string): Promise<string | null> {
      const d = await read(['users', uid]);
      return str(d?.displayName).trim() || null;
    },

    /** users/{uid}/private/settings, read by the rule both backends share. */
    async getEmailSettings(uid: string): Promise<EmailSettings> {
      return readEmailSettings(await read(['users', uid, 'private', 'settings']));
    },
  };
}

/**
 * The recipient's record at the Auth service (Admin SDK getUser): its address, whether the Auth
 * service verified it, whether the account is disabled. An unknown uid (or an id the Auth
 * service refuses) is null; any other failure is thrown (the handler answers 500 and logs it).
 */
export function createAuthRecipients(auth: Pick<Auth, 'getUser'>) {
  return {
    async getAuthRecipient(uid: string): Promise<AuthRecipient | null> {
      if (!safeId(uid)) return null;
      try {
        const user = await auth.getUser(uid);
        return {
          email: user.email ?? null,
          emailVerified: user.emailVerified === true,
          disabled: user.disabled === true,
        };
      } catch (e) {
        const code = (e as { code?: unknown } | null)?.code;
        if (code === 'auth/user-not-found' || code === 'auth/invalid-uid') return null;
        throw e;
      }
    },
  };
}
