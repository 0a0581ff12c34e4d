// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  arrayUnion,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  ALICE,
  BOB,
  CAROL,
  NOT_RUN,
  event,
  firestoreHost,
  profile,
  request,
  useRulesEnv,
  countedRequestWrite,
} from './firestore-support';

/**
 * Notifications carry no free text and come only with their cause (docs/notifications.md):
 * `<requestId>_<type>`, written in the same batch as the request change that causes it.
 * ALICE organizes e1 (週末フットサル); BOB has a pending request e1_bob.
 */
const TITLE = '週末フットサル';

function note(userId: string, type: string, data: DocumentData, extra: DocumentData = {}) {
  return {
    userId,
    type,
    data,
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
    ...extra,
  };
}

const approvedNote = (extra: DocumentData = {}, data: DocumentData = {}) =>
  note(
    BOB,
    'participation_approved',
    { eventId: 'e1', requestId: `e1_${BOB}`, eventTitle: TITLE, ...data },
    extra,
  );

const requestNote = (extra: DocumentData = {}, data: DocumentData = {}) =>
  note(
    ALICE,
    'participation_request',
    {
      eventId: 'e1',
      requestId: `e1_${CAROL}`,
      eventTitle: TITLE,
      requesterName: 'キャロル',
      ...data,
    },
    extra,
  );

const newRequest = (userId: string) => ({
  userId,
  eventId: 'e1',
  message: 'よろしくお願いします',
  status: 'pending',
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
});

describe.skipIf(!firestoreHost)(`firestore rules: notifications${NOT_RUN}`, () => {
  const { as, anon, seed } = useRulesEnv('demo-rules-notifications');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
    await seed(`users/${CAROL}`, profile(CAROL, { displayName: 'キャロル' }));
    await seed('events/e1', event());
    await seed(`participationRequests/e1_${BOB}`, request());
  });

  /** The organizer processes BOB's request and writes `noteData` under `noteId` in the same batch. */
  function processWith(status: string, noteId: string, noteData: DocumentData, db = as(ALICE)) {
    return countedRequestWrite(db, `e1_${BOB}`, -1, (batch) => {
      batch.update(doc(db, `participationRequests/e1_${BOB}`), {
        status,
        updatedAt: serverTimestamp(),
      });
      if (status === 'approved')
        batch.update(doc(db, 'events/e1'), { participants: arrayUnion(BOB) });
      batch.set(doc(db, 'notifications', noteId), noteData);
    });
  }

  /** CAROL asks to join e1 and writes `noteData` under `noteId` in the same batch. */
  function askWith(noteId: string, noteData: DocumentData, db: Firestore = as(CAROL)) {
    return countedRequestWrite(db, `e1_${CAROL}`, 1, (batch) => {
      batch.set(doc(db, `participationRequests/e1_${CAROL}`), newRequest(CAROL));
      batch.set(doc(db, 'notifications', noteId), noteData);
    });
  }

  const approvedId = `e1_${BOB}_participation_approved`;
  const requestId = `e1_${CAROL}_participation_request`;

  it('lets the organizer tell the requester of an approval or a rejection made in the same write', async () => {
    await assertSucceeds(processWith('approved', approvedId, approvedNote()));
    await seed(`participationRequests/e1_${BOB}`, request());
    await assertSucceeds(
      processWith(
        'rejected',
        `e1_${BOB}_participation_rejected`,
        note(BOB, 'participation_rejected', {
          eventId: 'e1',
          requestId: `e1_${BOB}`,
          eventTitle: TITLE,
        }),
      ),
    );
  });

  it('lets a requester tell the organizer of the request created in the same write', async () => {
    await assertSucceeds(askWith(requestId, requestNote()));
  });

  it('refuses phishing: free words from an organizer to anyone, with no request behind', async () => {
    // The organizer of their own event, to a user who never asked.
    const phishing = note(
      CAROL,
      'participation_approved',
      { eventId: 'e1' },
      { title: '当選しました', content: 'http://phish.example/ でログインしてください' },
    );
    await assertFails(setDoc(doc(as(ALICE), 'notifications/free'), phishing));
    // Even in the right shape: no request of CAROL's goes pending → approved in this write.
    await assertFails(
      setDoc(
        doc(as(ALICE), `notifications/e1_${CAROL}_participation_approved`),
        note(CAROL, 'participation_approved', {
          eventId: 'e1',
          requestId: `e1_${CAROL}`,
          eventTitle: TITLE,
        }),
      ),
    );
    // BOB's real request, but not processed in this write.
    await assertFails(setDoc(doc(as(ALICE), `notifications/${approvedId}`), approvedNote()));
    // Words beside the ids, or extra fields in data.
    await assertFails(processWith('approved', approvedId, approvedNote({ title: '承認' })));
    await assertFails(
      processWith('approved', approvedId, approvedNote({ content: 'http://phish.example/' })),
    );
    await assertFails(
      processWith('approved', approvedId, approvedNote({}, { note: 'http://phish.example/' })),
    );
  });

  it('refuses a request notification with no request created in the same write', async () => {
    // Alone, to the organizer.
    await assertFails(setDoc(doc(as(CAROL), `notifications/${requestId}`), requestNote()));
    // About BOB's pending request, by BOB, without creating anything.
    await assertFails(
      setDoc(
        doc(as(BOB), `notifications/e1_${BOB}_participation_request`),
        requestNote({}, { requestId: `e1_${BOB}`, requesterName: BOB }),
      ),
    );
    // To someone who does not organize the event.
    await assertFails(askWith(requestId, requestNote({ userId: BOB })));
  });

  it('ties the notification to its cause: the id, the recipient, the checked values', async () => {
    // Any other id: random, another type, another request.
    await assertFails(processWith('approved', 'random', approvedNote()));
    await assertFails(processWith('approved', `e1_${BOB}_participation_rejected`, approvedNote()));
    await assertFails(askWith(`e1_${BOB}_participation_request`, requestNote()));
    // The type must match the outcome written.
    await assertFails(
      processWith('rejected', approvedId, approvedNote({ type: 'participation_rejected' })),
    );
    // Sent to someone other than the requester.
    await assertFails(processWith('approved', approvedId, approvedNote({ userId: CAROL })));
    // Values that differ from their source: the event's title, the requester's profile name.
    await assertFails(processWith('approved', approvedId, approvedNote({}, { eventTitle: '偽' })));
    await assertFails(askWith(requestId, requestNote({}, { requesterName: '運営事務局' })));
    await assertFails(askWith(requestId, requestNote({}, { eventId: 'other' })));
  });

  it('refuses type confusion and a shape other than the stored one', async () => {
    await assertFails(processWith('approved', approvedId, approvedNote({ data: ['e1'] })));
    await assertFails(processWith('approved', approvedId, approvedNote({ data: 'e1' })));
    await assertFails(
      processWith('approved', approvedId, approvedNote({}, { requestId: { id: `e1_${BOB}` } })),
    );
    await assertFails(processWith('approved', approvedId, approvedNote({ read: true })));
    await assertFails(
      processWith('approved', approvedId, approvedNote({ timestamp: Timestamp.now() })),
    );
    await assertFails(processWith('approved', approvedId, approvedNote({ type: 'system' })));
    const { clientTimestamp: _c, ...withoutClientTime } = approvedNote();
    await assertFails(processWith('approved', approvedId, withoutClientTime));
    // Pinned to the top of the list from the future, or not a time at all.
    const tomorrow = Timestamp.fromMillis(Date.now() + 86_400_000);
    await assertFails(
      processWith('approved', approvedId, approvedNote({ clientTimestamp: tomorrow })),
    );
    await assertFails(
      processWith('approved', approvedId, approvedNote({ clientTimestamp: '2099-01-01' })),
    );
  });

  it('writes the notification anew when its cause happens again: a request asked again after a rejection', async () => {
    await seed(`participationRequests/e1_${CAROL}`, request({ userId: CAROL, status: 'rejected' }));
    await seed(`notifications/${requestId}`, {
      ...requestNote(),
      read: true,
      timestamp: Timestamp.now(),
    });
    await assertSucceeds(askWith(requestId, requestNote()));
    // Without the cause, nobody overwrites it.
    await assertFails(
      setDoc(doc(as(CAROL), `notifications/${requestId}`), requestNote({}, { eventTitle: TITLE })),
    );
  });

  it('lets only the recipient read, list, mark read and delete; a missing one reveals nothing', async () => {
    await seed(`notifications/${approvedId}`, { ...approvedNote(), timestamp: Timestamp.now() });
    await assertSucceeds(getDoc(doc(as(BOB), `notifications/${approvedId}`)));
    await assertSucceeds(
      getDocs(query(collection(as(BOB), 'notifications'), where('userId', '==', BOB))),
    );
    await assertFails(getDoc(doc(as(CAROL), `notifications/${approvedId}`)));
    await assertFails(getDoc(doc(anon(), `notifications/${approvedId}`)));
    await assertFails(
      getDocs(query(collection(as(CAROL), 'notifications'), where('userId', '==', BOB))),
    );
    await assertFails(getDocs(collection(as(BOB), 'notifications')));
    // Whether CAROL was approved for e1 is not learnt by asking for the id.
    await assertFails(getDoc(doc(as(BOB), `notifications/e1_${CAROL}_participation_approved`)));

    await assertFails(updateDoc(doc(as(CAROL), `notifications/${approvedId}`), { read: true }));
    await assertFails(
      updateDoc(doc(as(BOB), `notifications/${approvedId}`), { type: 'participation_rejected' }),
    );
    await assertSucceeds(updateDoc(doc(as(BOB), `notifications/${approvedId}`), { read: true }));
    await assertFails(deleteDoc(doc(as(CAROL), `notifications/${approvedId}`)));
    await assertSucceeds(deleteDoc(doc(as(BOB), `notifications/${approvedId}`)));
  });

  it('refuses the notification of a suspended causer with the write that causes it', async () => {
    await seed(`users/${ALICE}`, profile(ALICE, { isActive: false }));
    await assertFails(processWith('approved', approvedId, approvedNote()));
    await seed(`users/${CAROL}`, profile(CAROL, { displayName: 'キャロル', isActive: false }));
    await assertFails(askWith(requestId, requestNote()));
  });
});
