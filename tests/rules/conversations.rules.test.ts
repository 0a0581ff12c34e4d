// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@/domain/constants';
import { conversationId } from '@/domain/entities/conversation';
import { decideCreateConversation } from '@/domain/rules/conversations';
import { useRulesEnv, type RulesKit } from './firestore-support';

/**
 * The conversations block of firestore.rules (docs/messages.md): allow and deny cases for each
 * rule, with attacks written as an attacker would (forged read
 * receipts, forged unread counts, a preview rewritten without a message, forged senders,
 * oversized and blank content, messaging oneself). Needs Google's Firestore emulator.
 */
const PROJECT_ID = 'demo-rules-conversations';
const host = process.env.FIRESTORE_EMULATOR_HOST;

const ALICE = 'alice';
const BOB = 'bob';
const CAROL = 'carol';
const CONV = conversationId(ALICE, BOB);
const M1 = 'AliceFirstMessage001';

/** The shared rules environment (tests/rules/firestore-support.ts), set up by the suite below. */
let kit: RulesKit;

function as(uid: string, verified = true): Firestore {
  return verified ? kit.as(uid) : kit.unverified(uid);
}

function anon(): Firestore {
  return kit.anon();
}

function seed(path: string, data: DocumentData): Promise<void> {
  return kit.seed(path, data);
}

/** A stored conversation between ALICE and BOB with one message of ALICE's, unread by BOB. */
function stored(extra: DocumentData = {}): DocumentData {
  return {
    participants: [ALICE, BOB],
    lastMessage: 'こんにちは',
    lastMessageId: M1,
    lastMessageTime: Timestamp.now(),
    lastSenderId: ALICE,
    createdAt: Timestamp.now(),
    unreadCount: { [ALICE]: 0, [BOB]: 1 },
    archived: { [ALICE]: false, [BOB]: false },
    archivedAt: { [ALICE]: null, [BOB]: null },
    ...extra,
  };
}

/** What the app writes for a new conversation (the domain's decision plus server times). */
function fresh(a: string, b: string, extra: DocumentData = {}): DocumentData {
  const pair = [a, b].sort() as [string, string];
  return {
    ...decideCreateConversation(
      { uid: a, emailVerified: true, suspended: false },
      [pair[0], pair[1]],
      true,
    ),
    lastMessageTime: serverTimestamp(),
    createdAt: serverTimestamp(),
    ...extra,
  };
}

let serial = 0;
/** A fresh message id shaped like a Firestore auto id (20 letters and digits). */
function nextId(): string {
  serial += 1;
  return `Msg${String(serial).padStart(17, '0')}`;
}

interface SendOptions {
  id?: string;
  content?: string;
  message?: DocumentData;
  conversation?: DocumentData;
  withMessage?: boolean;
  withConversation?: boolean;
}

/** One send as the app writes it: the message and its conversation in one batch. */
function send(d: Firestore, from: string, to: string, o: SendOptions = {}): Promise<void> {
  const id = o.id ?? nextId();
  const content = o.content ?? 'こんばんは';
  const batch = writeBatch(d);
  if (o.withMessage !== false) {
    batch.set(doc(d, 'conversations', CONV, 'messages', id), {
      senderId: from,
      content,
      read: false,
      readAt: null,
      sentAt: serverTimestamp(),
      ...o.message,
    });
  }
  if (o.withConversation !== false) {
    batch.update(doc(d, 'conversations', CONV), {
      lastMessage: content,
      lastMessageId: id,
      lastMessageTime: serverTimestamp(),
      lastSenderId: from,
      [`unreadCount.${to}`]: increment(1),
      ...o.conversation,
    });
  }
  return batch.commit();
}

describe.skipIf(!host)(
  `conversations rules${host ? '' : " (not run: needs Google's Firestore emulator, FIRESTORE_EMULATOR_HOST unset)"}`,
  () => {
    kit = useRulesEnv(PROJECT_ID);

    beforeEach(async () => {
      for (const uid of [ALICE, BOB, CAROL]) await seed(`users/${uid}`, { displayName: uid });
      await seed(`conversations/${CONV}`, stored());
      await seed(`conversations/${CONV}/messages/${M1}`, {
        senderId: ALICE,
        content: 'こんにちは',
        read: false,
        readAt: null,
        sentAt: Timestamp.now(),
      });
    });

    describe('starting a conversation', () => {
      const AC = conversationId(ALICE, CAROL);

      it('lets a verified user start one with another existing user, keyed by the sorted pair, with nothing said or unread', async () => {
        await assertSucceeds(setDoc(doc(as(CAROL), 'conversations', AC), fresh(CAROL, ALICE)));
      });

      it('refuses a pair I am not part of, an unsorted id, and messaging myself', async () => {
        await assertFails(setDoc(doc(as(BOB), 'conversations', AC), fresh(CAROL, ALICE)));
        await assertFails(
          setDoc(doc(as(CAROL), 'conversations', `${CAROL}_${ALICE}`), fresh(CAROL, ALICE)),
        );
        await assertFails(
          setDoc(
            doc(as(ALICE), 'conversations', `${ALICE}_${ALICE}`),
            fresh(ALICE, BOB, {
              participants: [ALICE, ALICE],
              unreadCount: { [ALICE]: 0 },
              archived: { [ALICE]: false },
              archivedAt: { [ALICE]: null },
            }),
          ),
        );
        await assertFails(
          setDoc(
            doc(as(ALICE), 'conversations', AC),
            fresh(ALICE, CAROL, { participants: [ALICE, CAROL, BOB] }),
          ),
        );
      });

      it('refuses a conversation with someone who has no profile', async () => {
        const ghost = conversationId(ALICE, 'zed');
        await assertFails(setDoc(doc(as(ALICE), 'conversations', ghost), fresh(ALICE, 'zed')));
      });

      it('refuses a seeded unread count, preview, sender or archive flag (attack)', async () => {
        const ref = doc(as(CAROL), 'conversations', AC);
        await assertFails(
          setDoc(ref, fresh(CAROL, ALICE, { unreadCount: { [ALICE]: 99, [CAROL]: 0 } })),
        );
        await assertFails(setDoc(ref, fresh(CAROL, ALICE, { unreadCount: {} })));
        await assertFails(setDoc(ref, fresh(CAROL, ALICE, { lastMessage: '当選しました！' })));
        await assertFails(setDoc(ref, fresh(CAROL, ALICE, { lastSenderId: ALICE })));
        await assertFails(setDoc(ref, fresh(CAROL, ALICE, { lastMessageId: M1 })));
        await assertFails(
          setDoc(ref, fresh(CAROL, ALICE, { archived: { [ALICE]: true, [CAROL]: false } })),
        );
        await assertFails(setDoc(ref, fresh(CAROL, ALICE, { extra: 'x' })));
        await assertFails(
          setDoc(ref, fresh(CAROL, ALICE, { createdAt: Timestamp.fromDate(new Date(2020, 0, 1)) })),
        );
      });

      it('needs a verified address and a signed-in user', async () => {
        await assertFails(setDoc(doc(as(CAROL, false), 'conversations', AC), fresh(CAROL, ALICE)));
        await assertFails(setDoc(doc(anon(), 'conversations', AC), fresh(CAROL, ALICE)));
      });

      it('never creates over an existing conversation', async () => {
        await assertFails(setDoc(doc(as(ALICE), 'conversations', CONV), fresh(ALICE, BOB)));
      });
    });

    describe('reading', () => {
      it('lets the two participants read the conversation and its messages, and list their own', async () => {
        await assertSucceeds(getDoc(doc(as(ALICE), 'conversations', CONV)));
        await assertSucceeds(getDoc(doc(as(BOB), 'conversations', CONV, 'messages', M1)));
        await assertSucceeds(getDocs(collection(as(BOB), 'conversations', CONV, 'messages')));
        await assertSucceeds(
          getDocs(
            query(
              collection(as(BOB), 'conversations'),
              where('participants', 'array-contains', BOB),
            ),
          ),
        );
      });

      it('keeps everyone else out', async () => {
        await assertFails(getDoc(doc(as(CAROL), 'conversations', CONV)));
        await assertFails(getDoc(doc(anon(), 'conversations', CONV)));
        await assertFails(getDocs(collection(as(CAROL), 'conversations', CONV, 'messages')));
        await assertFails(getDoc(doc(as(CAROL), 'conversations', CONV, 'messages', M1)));
        await assertFails(
          getDocs(
            query(
              collection(as(CAROL), 'conversations'),
              where('participants', 'array-contains', BOB),
            ),
          ),
        );
        await assertFails(getDocs(collection(as(ALICE), 'conversations')));
      });

      it('lets me look up a missing conversation whose id names me, and no other', async () => {
        await assertSucceeds(getDoc(doc(as(CAROL), 'conversations', conversationId(ALICE, CAROL))));
        await assertFails(getDoc(doc(as(BOB), 'conversations', conversationId(ALICE, CAROL))));
      });
    });

    describe('sending', () => {
      it('lets a participant send: the message, the preview equal to it and the partner count plus one, in one write', async () => {
        await assertSucceeds(send(as(ALICE), ALICE, BOB));
        await assertSucceeds(send(as(BOB), BOB, ALICE, { content: '返信です' }));
      });

      it('accepts exactly the length limit and refuses one character more', async () => {
        await assertSucceeds(
          send(as(ALICE), ALICE, BOB, { content: 'あ'.repeat(MESSAGE_MAX_LENGTH) }),
        );
        await assertFails(
          send(as(ALICE), ALICE, BOB, { content: 'あ'.repeat(MESSAGE_MAX_LENGTH + 1) }),
        );
        // Characters are UTF-16 units, as in the domain and a textarea's maxLength: an emoji
        // outside the basic plane counts twice.
        const half = MESSAGE_MAX_LENGTH / 2;
        await assertSucceeds(send(as(ALICE), ALICE, BOB, { content: '😀'.repeat(half) }));
        await assertFails(send(as(ALICE), ALICE, BOB, { content: '😀'.repeat(half + 1) }));
      });

      it('refuses empty and blank content', async () => {
        await assertFails(send(as(ALICE), ALICE, BOB, { content: '' }));
        await assertFails(send(as(ALICE), ALICE, BOB, { content: '  \n\t ' }));
        await assertFails(
          send(as(ALICE), ALICE, BOB, {
            message: { content: 42 },
            conversation: { lastMessage: 42 },
          }),
        );
      });

      it('refuses a preview rewritten without sending (attack)', async () => {
        await assertFails(send(as(ALICE), ALICE, BOB, { withMessage: false }));
        await assertFails(
          updateDoc(doc(as(BOB), 'conversations', CONV), { lastMessage: '運営からのお知らせ' }),
        );
        await assertFails(
          updateDoc(doc(as(ALICE), 'conversations', CONV), {
            lastMessage: '書き換え',
            lastMessageTime: serverTimestamp(),
            lastSenderId: ALICE,
          }),
        );
      });

      it('refuses a message that does not become the last message in the same write', async () => {
        await assertFails(send(as(ALICE), ALICE, BOB, { withConversation: false }));
      });

      it('refuses a preview that differs from the message (attack)', async () => {
        await assertFails(
          send(as(ALICE), ALICE, BOB, { conversation: { lastMessage: '別の文面' } }),
        );
      });

      it('refuses a forged sender on the message or the conversation (attack)', async () => {
        await assertFails(send(as(ALICE), ALICE, BOB, { message: { senderId: BOB } }));
        await assertFails(send(as(ALICE), ALICE, BOB, { conversation: { lastSenderId: BOB } }));
        await assertFails(send(as(CAROL), CAROL, BOB));
      });

      it('refuses forged unread counts: more than one, any value, my own, or the partner reset (attack)', async () => {
        await assertFails(
          send(as(ALICE), ALICE, BOB, { conversation: { [`unreadCount.${BOB}`]: increment(2) } }),
        );
        await assertFails(
          send(as(ALICE), ALICE, BOB, { conversation: { [`unreadCount.${BOB}`]: 99 } }),
        );
        await assertFails(
          send(as(ALICE), ALICE, BOB, { conversation: { [`unreadCount.${BOB}`]: 0 } }),
        );
        await assertFails(send(as(ALICE), ALICE, ALICE));
        await assertFails(
          send(as(ALICE), ALICE, BOB, { conversation: { [`unreadCount.${ALICE}`]: 3 } }),
        );
        await assertFails(
          updateDoc(doc(as(ALICE), 'conversations', CONV), {
            [`unreadCount.${BOB}`]: increment(1),
          }),
        );
      });

      it('refuses a message born read, a forged time or extra fields', async () => {
        await assertFails(send(as(ALICE), ALICE, BOB, { message: { read: true } }));
        await assertFails(send(as(ALICE), ALICE, BOB, { message: { readAt: serverTimestamp() } }));
        await assertFails(
          send(as(ALICE), ALICE, BOB, {
            message: { sentAt: Timestamp.fromDate(new Date(2030, 0, 1)) },
          }),
        );
        await assertFails(send(as(ALICE), ALICE, BOB, { message: { link: 'https://x' } }));
      });

      it('needs a verified sender and an id shaped like an auto id', async () => {
        await assertFails(send(as(ALICE, false), ALICE, BOB));
        await assertFails(send(as(ALICE), ALICE, BOB, { id: 'short' }));
        await assertFails(send(as(ALICE), ALICE, BOB, { id: 'Has_Underscore_12345' }));
      });

      it('never sends over an existing message', async () => {
        await assertFails(send(as(ALICE), ALICE, BOB, { id: M1, content: 'こんにちは' }));
      });
    });

    describe('read receipts', () => {
      const m1 = (d: Firestore) => doc(d, 'conversations', CONV, 'messages', M1);

      it('lets the recipient mark a message read once, at the server time', async () => {
        await assertSucceeds(updateDoc(m1(as(BOB)), { read: true, readAt: serverTimestamp() }));
        await assertFails(updateDoc(m1(as(BOB)), { read: true, readAt: serverTimestamp() }));
      });

      it('refuses the sender marking their own message read (attack)', async () => {
        await assertFails(updateDoc(m1(as(ALICE)), { read: true, readAt: serverTimestamp() }));
      });

      it('refuses outsiders, other fields and forged times', async () => {
        await assertFails(updateDoc(m1(as(CAROL)), { read: true, readAt: serverTimestamp() }));
        await assertFails(
          updateDoc(m1(as(BOB)), { read: true, readAt: Timestamp.fromDate(new Date(2020, 0, 1)) }),
        );
        await assertFails(updateDoc(m1(as(BOB)), { read: true }));
        await assertFails(updateDoc(m1(as(BOB)), { read: false, readAt: serverTimestamp() }));
        await assertFails(
          updateDoc(m1(as(BOB)), { read: true, readAt: serverTimestamp(), content: '改ざん' }),
        );
      });

      it('never changes a sent message or deletes it', async () => {
        await assertFails(updateDoc(m1(as(ALICE)), { content: '書き換え' }));
        await assertFails(updateDoc(m1(as(BOB)), { senderId: BOB }));
        await assertFails(deleteDoc(m1(as(ALICE))));
        await assertFails(deleteDoc(m1(as(BOB))));
      });
    });

    describe('unread counts', () => {
      const conv = (d: Firestore) => doc(d, 'conversations', CONV);

      it('lets a participant reset their own count to 0', async () => {
        await assertSucceeds(updateDoc(conv(as(BOB)), { [`unreadCount.${BOB}`]: 0 }));
        await assertSucceeds(updateDoc(conv(as(ALICE)), { [`unreadCount.${ALICE}`]: 0 }));
      });

      it('refuses any other value, the partner count, and a reset bundled with other changes (attack)', async () => {
        await assertFails(updateDoc(conv(as(BOB)), { [`unreadCount.${BOB}`]: 5 }));
        await assertFails(updateDoc(conv(as(BOB)), { [`unreadCount.${BOB}`]: -1 }));
        await assertFails(updateDoc(conv(as(ALICE)), { [`unreadCount.${BOB}`]: 0 }));
        await assertFails(
          updateDoc(conv(as(BOB)), { [`unreadCount.${BOB}`]: 0, [`unreadCount.${ALICE}`]: 3 }),
        );
        await assertFails(
          updateDoc(conv(as(BOB)), { [`unreadCount.${BOB}`]: 0, lastMessage: '既読' }),
        );
        await assertFails(updateDoc(conv(as(CAROL)), { [`unreadCount.${CAROL}`]: 0 }));
      });
    });

    describe('archive', () => {
      const conv = (d: Firestore) => doc(d, 'conversations', CONV);

      it('lets a participant archive and unarchive for themself, unarchiving clearing archivedAt', async () => {
        await assertSucceeds(
          updateDoc(conv(as(BOB)), {
            [`archived.${BOB}`]: true,
            [`archivedAt.${BOB}`]: serverTimestamp(),
          }),
        );
        await assertSucceeds(
          updateDoc(conv(as(BOB)), { [`archived.${BOB}`]: false, [`archivedAt.${BOB}`]: null }),
        );
      });

      it('refuses the partner flags, forged times and inconsistent pairs', async () => {
        await assertFails(
          updateDoc(conv(as(BOB)), {
            [`archived.${ALICE}`]: true,
            [`archivedAt.${ALICE}`]: serverTimestamp(),
          }),
        );
        await assertFails(
          updateDoc(conv(as(BOB)), {
            [`archived.${BOB}`]: true,
            [`archivedAt.${BOB}`]: Timestamp.fromDate(new Date(2020, 0, 1)),
          }),
        );
        await assertFails(
          updateDoc(conv(as(BOB)), { [`archived.${BOB}`]: true, [`archivedAt.${BOB}`]: null }),
        );
        await assertFails(
          updateDoc(conv(as(BOB)), {
            [`archived.${BOB}`]: false,
            [`archivedAt.${BOB}`]: serverTimestamp(),
          }),
        );
        await assertFails(
          updateDoc(conv(as(BOB)), { [`archived.${BOB}`]: 'yes', [`archivedAt.${BOB}`]: null }),
        );
        await assertFails(
          updateDoc(conv(as(CAROL)), {
            [`archived.${CAROL}`]: true,
            [`archivedAt.${CAROL}`]: serverTimestamp(),
          }),
        );
      });

      it('never changes the participants or deletes the conversation', async () => {
        await assertFails(updateDoc(conv(as(ALICE)), { participants: [ALICE, CAROL] }));
        await assertFails(deleteDoc(conv(as(ALICE))));
      });
    });
  },
);
