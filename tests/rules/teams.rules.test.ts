// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  arrayRemove,
  arrayUnion,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
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
import { REQUEST_MESSAGE_MAX } from '@/domain/constants';
import {
  TEAM_ACTIVITY_MAX,
  TEAM_DESCRIPTION_MAX,
  TEAM_MEMBER_LIMIT_MAX,
  TEAM_MEMBER_LIMIT_MIN,
  TEAM_NAME_MAX,
} from '@/domain/entities/team';
import {
  NOT_RUN,
  event as baseEvent,
  firestoreHost,
  firstSnapshot,
  profile,
  useRulesEnv,
} from './firestore-support';

/**
 * The teams block of firestore.rules (teams, their join requests, the team notification types
 * and the team of an event; docs/teams.md): an assertSucceeds and the attacks against it for
 * every rule, suspended and unverified users included. The limits come from the domain, so the
 * rules and the domain cannot drift apart unnoticed.
 */
const OWNER = 'owner';
const MEMBER = 'member';
const ASKER = 'asker';
const STRANGER = 'stranger';
const TEAM = 'teams/t1';
const TEAM_NAME = '世田谷フットサルクラブ';
/** Request ids are <teamId>_<uid> (teamRequestIdFor). */
const rid = (uid: string) => `t1_${uid}`;
const R_ASKER = `${TEAM}/joinRequests/${rid(ASKER)}`;
const STORAGE_HOST = 'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o';

function newTeam(ownerId: string, extra: DocumentData = {}): DocumentData {
  return {
    name: TEAM_NAME,
    description: '',
    sportType: 'フットサル',
    region: '関東',
    level: '誰でも',
    activity: '毎週土曜',
    maxMembers: 3,
    recruiting: true,
    imageURL: '',
    imagePath: '',
    ownerId,
    members: [ownerId],
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...extra,
  };
}

/** The stored team t1: OWNER and MEMBER, room for one more. */
function storedTeam(extra: DocumentData = {}): DocumentData {
  return {
    ...newTeam(OWNER),
    members: [OWNER, MEMBER],
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
    ...extra,
  };
}

function newRequest(userId: string, extra: DocumentData = {}): DocumentData {
  return {
    userId,
    message: 'よろしくお願いします',
    status: 'pending',
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...extra,
  };
}

function storedRequest(userId: string, extra: DocumentData = {}): DocumentData {
  return {
    ...newRequest(userId),
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
    ...extra,
  };
}

function teamNotification(
  userId: string,
  type: string,
  requestId: string,
  extra: DocumentData = {},
): DocumentData {
  return {
    userId,
    type,
    data: { teamId: 't1', requestId, teamName: TEAM_NAME },
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
    ...extra,
  };
}

function event(extra: DocumentData = {}): DocumentData {
  return baseEvent({
    teamId: '',
    organizerName: '',
    organizerId: MEMBER,
    fee: 0,
    capacity: 10,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    ...extra,
  });
}

describe.skipIf(!firestoreHost)(`teams rules${NOT_RUN}`, () => {
  const { as, unverified, anon, seed } = useRulesEnv('demo-rules-teams');

  beforeEach(async () => {
    await seed(TEAM, storedTeam());
  });

  describe('teams', () => {
    it('lets anyone read teams', async () => {
      await assertSucceeds(getDoc(doc(anon(), TEAM)));
      await assertSucceeds(getDocs(collection(anon(), 'teams')));
    });

    it('creates a team for a verified user, as owner and only first member', async () => {
      const create = (db: Firestore, data: DocumentData) =>
        setDoc(doc(collection(db, 'teams')), data);
      await assertSucceeds(create(as(ASKER), newTeam(ASKER)));
      await assertFails(create(as(ASKER), newTeam(OWNER)));
      await assertFails(create(as(ASKER), newTeam(ASKER, { members: [ASKER, STRANGER] })));
      await assertFails(create(as(ASKER), newTeam(ASKER, { members: [] })));
      await assertFails(create(anon(), newTeam(ASKER)));
      await assertFails(create(unverified(ASKER), newTeam(ASKER)));
      await assertFails(create(as(ASKER), newTeam(ASKER, { createdAt: Timestamp.now() })));
      await assertFails(create(as(ASKER), newTeam(ASKER, { approvedRequestId: 'r1' })));
      const { recruiting: _dropped, ...withoutRecruiting } = newTeam(ASKER);
      await assertFails(create(as(ASKER), withoutRecruiting));
    });

    it('holds every field to the domain limits', async () => {
      const create = (extra: DocumentData) =>
        setDoc(doc(collection(as(ASKER), 'teams')), newTeam(ASKER, extra));
      await assertSucceeds(create({ name: 'あ'.repeat(TEAM_NAME_MAX) }));
      await assertFails(create({ name: 'あ'.repeat(TEAM_NAME_MAX + 1) }));
      await assertFails(create({ name: '' }));
      await assertSucceeds(create({ description: 'あ'.repeat(TEAM_DESCRIPTION_MAX) }));
      await assertFails(create({ description: 'あ'.repeat(TEAM_DESCRIPTION_MAX + 1) }));
      await assertFails(create({ activity: 'あ'.repeat(TEAM_ACTIVITY_MAX + 1) }));
      await assertSucceeds(create({ maxMembers: TEAM_MEMBER_LIMIT_MIN }));
      await assertSucceeds(create({ maxMembers: TEAM_MEMBER_LIMIT_MAX }));
      await assertFails(create({ maxMembers: TEAM_MEMBER_LIMIT_MIN - 1 }));
      await assertFails(create({ maxMembers: TEAM_MEMBER_LIMIT_MAX + 1 }));
      await assertFails(create({ maxMembers: 2.5 }));
      await assertFails(create({ recruiting: 'yes' }));
      await assertFails(create({ sportType: '' }));
      await assertFails(create({ sportType: 'カーリング' }));
      await assertFails(create({ region: '火星' }));
      await assertFails(create({ level: '' }));
      await assertSucceeds(create({ sportType: 'その他', region: '', level: '上級者' }));
      await assertFails(create({ imageURL: 'x'.repeat(2049) }));
    });

    it('lets only the owner edit, the limit never below the members', async () => {
      const t = (db: Firestore) => doc(db, TEAM);
      await assertSucceeds(
        updateDoc(t(as(OWNER)), {
          description: '初心者歓迎',
          recruiting: false,
          maxMembers: 2,
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(updateDoc(t(as(OWNER)), { maxMembers: 1 }));
      await seed(TEAM, storedTeam());
      await assertFails(updateDoc(t(as(MEMBER)), { description: '乗っ取り' }));
      await assertFails(updateDoc(t(as(STRANGER)), { recruiting: false }));
      await assertFails(updateDoc(t(as(OWNER)), { ownerId: MEMBER }));
      await assertFails(updateDoc(t(as(OWNER)), { createdAt: Timestamp.now() }));
      await assertFails(updateDoc(t(as(OWNER)), { updatedAt: Timestamp.now() }));
      await assertFails(updateDoc(t(as(OWNER)), { name: 'あ'.repeat(TEAM_NAME_MAX + 1) }));
      await assertFails(deleteDoc(t(as(OWNER))));
    });

    it('adds a member only by the owner approving their pending request in the same write', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      await seed(`${TEAM}/joinRequests/${rid(STRANGER)}`, storedRequest(ASKER));
      const approve = (db: Firestore, added: string, requester = ASKER) => {
        const batch = writeBatch(db);
        batch.update(doc(db, `${TEAM}/joinRequests/${rid(requester)}`), {
          status: 'approved',
          updatedAt: serverTimestamp(),
        });
        batch.update(doc(db, TEAM), { members: arrayUnion(added), updatedAt: serverTimestamp() });
        return batch.commit();
      };
      // Attacks first: another uid than the requester, a request filed under another's id, a
      // stranger approving, no approval.
      await assertFails(approve(as(OWNER), STRANGER, ASKER));
      await assertFails(approve(as(OWNER), STRANGER, STRANGER));
      await assertFails(approve(as(STRANGER), ASKER));
      await assertFails(updateDoc(doc(as(OWNER), TEAM), { members: arrayUnion(ASKER) }));
      await assertSucceeds(approve(as(OWNER), ASKER));
      // The same request cannot add anyone again.
      await assertFails(updateDoc(doc(as(OWNER), TEAM), { members: arrayUnion(STRANGER) }));
    });

    it('keeps no public pointer to a request: an approval may drop an old one, never write one', async () => {
      await seed(TEAM, storedTeam({ approvedRequestId: 'old' }));
      await seed(R_ASKER, storedRequest(ASKER));
      const approve = (db: Firestore, pointer: unknown) => {
        const batch = writeBatch(db);
        batch.update(doc(db, R_ASKER), { status: 'approved', updatedAt: serverTimestamp() });
        batch.update(doc(db, TEAM), {
          members: arrayUnion(ASKER),
          approvedRequestId: pointer,
          updatedAt: serverTimestamp(),
        });
        return batch.commit();
      };
      await assertFails(approve(as(OWNER), rid(ASKER)));
      await assertSucceeds(approve(as(OWNER), deleteField()));
    });

    it('never approves beyond the member limit', async () => {
      await seed(TEAM, storedTeam({ maxMembers: 2 }));
      await seed(R_ASKER, storedRequest(ASKER));
      const db = as(OWNER);
      const batch = writeBatch(db);
      batch.update(doc(db, R_ASKER), { status: 'approved', updatedAt: serverTimestamp() });
      batch.update(doc(db, TEAM), { members: arrayUnion(ASKER) });
      await assertFails(batch.commit());
    });

    it("holds the image to the owner's own folder of the project's Storage", async () => {
      const image = (db: Firestore, imageURL: string, imagePath: string) =>
        updateDoc(doc(db, TEAM), { imageURL, imagePath, updatedAt: serverTimestamp() });
      const own = `${STORAGE_HOST}/teams%2F${OWNER}%2F1_t.png?alt=media&token=x`;
      await assertFails(image(as(OWNER), 'https://tracker.example/pixel.gif', ''));
      await assertFails(
        image(as(OWNER), `https://evil.example/v0/b/x/o/teams%2F${OWNER}%2F1_t.png`, ''),
      );
      await assertFails(
        image(as(OWNER), `${STORAGE_HOST}/teams%2F${MEMBER}%2F1_t.png`, `teams/${MEMBER}/1_t.png`),
      );
      await assertFails(image(as(OWNER), own, `events/${OWNER}/1_t.png`));
      await assertSucceeds(image(as(OWNER), own, `teams/${OWNER}/1_t.png`));
      await assertSucceeds(image(as(OWNER), '', ''));
      const create = (imageURL: string) =>
        setDoc(doc(collection(as(ASKER), 'teams')), newTeam(ASKER, { imageURL }));
      await assertFails(create('https://tracker.example/pixel.gif'));
      await assertSucceeds(create(`${STORAGE_HOST}/teams%2F${ASKER}%2F1_t.png?alt=media`));
    });

    it('keeps an image an older version stored, as long as it is not changed', async () => {
      await seed(TEAM, storedTeam({ imageURL: 'https://legacy.example/t.png' }));
      await assertSucceeds(
        updateDoc(doc(as(OWNER), TEAM), { description: '更新', updatedAt: serverTimestamp() }),
      );
    });

    it('lets a member leave themself, never add themself, and never the owner leave', async () => {
      await assertFails(updateDoc(doc(as(ASKER), TEAM), { members: arrayUnion(ASKER) }));
      await assertFails(updateDoc(doc(as(MEMBER), TEAM), { members: arrayRemove(OWNER) }));
      await assertFails(updateDoc(doc(as(OWNER), TEAM), { members: arrayRemove(OWNER) }));
      await assertFails(
        updateDoc(doc(as(MEMBER), TEAM), { members: arrayRemove(MEMBER), recruiting: false }),
      );
      await assertSucceeds(
        updateDoc(doc(as(MEMBER), TEAM), {
          members: arrayRemove(MEMBER),
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it('lets the owner remove one member at a time', async () => {
      await seed(TEAM, storedTeam({ members: [OWNER, MEMBER, ASKER] }));
      await assertFails(updateDoc(doc(as(OWNER), TEAM), { members: arrayRemove(MEMBER, ASKER) }));
      await assertFails(updateDoc(doc(as(MEMBER), TEAM), { members: arrayRemove(ASKER) }));
      await assertSucceeds(updateDoc(doc(as(OWNER), TEAM), { members: arrayRemove(ASKER) }));
    });
  });

  describe('join requests', () => {
    const requests = (db: Firestore) => collection(db, `${TEAM}/joinRequests`);

    it('creates a pending request of my own, under <teamId>_<uid>, for a recruiting team with room', async () => {
      const create = (db: Firestore, data: DocumentData, id = rid(ASKER)) =>
        setDoc(doc(requests(db), id), data);
      await assertFails(create(as(ASKER), newRequest(ASKER), 'r1'));
      await assertFails(create(as(ASKER), newRequest(ASKER), rid(STRANGER)));
      await assertFails(create(as(ASKER), newRequest(ASKER), `t2_${ASKER}`));
      await assertFails(
        create(as(ASKER), newRequest(ASKER, { message: 'あ'.repeat(REQUEST_MESSAGE_MAX + 1) })),
      );
      await assertFails(create(as(ASKER), newRequest(STRANGER)));
      await assertFails(create(as(ASKER), newRequest(ASKER, { status: 'approved' })));
      await assertFails(create(as(ASKER), newRequest(ASKER, { teamName: '偽' })));
      await assertFails(create(as(ASKER), newRequest(ASKER, { createdAt: Timestamp.now() })));
      await assertFails(create(as(MEMBER), newRequest(MEMBER), rid(MEMBER)));
      await assertFails(create(unverified(ASKER), newRequest(ASKER)));
      await assertFails(create(anon(), newRequest(ASKER)));
      await assertFails(
        setDoc(doc(as(ASKER), `teams/missing/joinRequests/missing_${ASKER}`), newRequest(ASKER)),
      );
      await assertSucceeds(
        create(as(ASKER), newRequest(ASKER, { message: 'あ'.repeat(REQUEST_MESSAGE_MAX) })),
      );
    });

    it('refuses a second pending request (the spam of one notice per request), and takes one again after a rejection', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      const ask = () => setDoc(doc(as(ASKER), R_ASKER), newRequest(ASKER, { message: '再送' }));
      await assertFails(ask());
      await assertFails(setDoc(doc(requests(as(ASKER)), 'another'), newRequest(ASKER)));
      await seed(R_ASKER, storedRequest(ASKER, { status: 'rejected' }));
      await assertFails(
        setDoc(doc(as(STRANGER), R_ASKER), newRequest(STRANGER, { message: '乗っ取り' })),
      );
      await assertSucceeds(ask());
    });

    it('takes no request for a closed or full team', async () => {
      await seed(TEAM, storedTeam({ recruiting: false }));
      await assertFails(setDoc(doc(as(ASKER), R_ASKER), newRequest(ASKER)));
      await seed(TEAM, storedTeam({ maxMembers: 2 }));
      await assertFails(setDoc(doc(as(ASKER), R_ASKER), newRequest(ASKER)));
    });

    it('takes requests to a full team again once a member leaves, and approves one', async () => {
      await seed(TEAM, storedTeam({ maxMembers: 2 }));
      await assertFails(setDoc(doc(as(ASKER), R_ASKER), newRequest(ASKER)));
      await assertSucceeds(
        updateDoc(doc(as(MEMBER), TEAM), {
          members: arrayRemove(MEMBER),
          updatedAt: serverTimestamp(),
        }),
      );
      await assertSucceeds(setDoc(doc(as(ASKER), R_ASKER), newRequest(ASKER)));
      // Full again (a second requester waits): the owner approves no one beyond the limit.
      await seed(`${TEAM}/joinRequests/${rid(STRANGER)}`, storedRequest(STRANGER));
      const approve = (db: Firestore, uid: string) => {
        const batch = writeBatch(db);
        batch.update(doc(db, `${TEAM}/joinRequests/${rid(uid)}`), {
          status: 'approved',
          updatedAt: serverTimestamp(),
        });
        batch.update(doc(db, TEAM), { members: arrayUnion(uid), updatedAt: serverTimestamp() });
        return batch.commit();
      };
      await assertSucceeds(approve(as(OWNER), ASKER));
      await assertFails(approve(as(OWNER), STRANGER));
    });

    it('shows a request (and its private message) to its requester and the owner only', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      await assertSucceeds(getDocs(query(requests(as(ASKER)), where('userId', '==', ASKER))));
      await assertSucceeds(getDocs(requests(as(OWNER))));
      await assertFails(getDocs(requests(as(MEMBER))));
      await assertFails(getDocs(query(requests(as(STRANGER)), where('userId', '==', ASKER))));
      // The same queries kept open as listeners (the team page's request lists).
      await assertSucceeds(firstSnapshot(query(requests(as(ASKER)), where('userId', '==', ASKER))));
      await assertSucceeds(
        firstSnapshot(query(requests(as(OWNER)), where('status', '==', 'pending'))),
      );
      await assertFails(
        firstSnapshot(query(requests(as(MEMBER)), where('status', '==', 'pending'))),
      );
      await assertFails(firstSnapshot(query(requests(as(STRANGER)), where('userId', '==', ASKER))));
      await assertSucceeds(getDoc(doc(as(ASKER), R_ASKER)));
      await assertSucceeds(getDoc(doc(as(OWNER), R_ASKER)));
      await assertFails(getDoc(doc(as(STRANGER), R_ASKER)));
      await assertFails(getDoc(doc(as(MEMBER), R_ASKER)));
      await assertFails(getDoc(doc(anon(), R_ASKER)));
      // A missing request: only the requester its id names may look (it reads as missing).
      await assertSucceeds(getDoc(doc(as(STRANGER), `${TEAM}/joinRequests/${rid(STRANGER)}`)));
      await assertFails(getDoc(doc(as(STRANGER), `${TEAM}/joinRequests/${rid('carol')}`)));
    });

    it('lets only the owner process a pending request, status and time only', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      const r1 = (db: Firestore) => doc(db, R_ASKER);
      const reject = { status: 'rejected', updatedAt: serverTimestamp() };
      await assertFails(
        updateDoc(r1(as(ASKER)), { status: 'approved', updatedAt: serverTimestamp() }),
      );
      await assertFails(updateDoc(r1(as(MEMBER)), reject));
      await assertFails(updateDoc(r1(as(OWNER)), { ...reject, message: '書き換え' }));
      await assertFails(updateDoc(r1(as(OWNER)), { status: 'rejected' }));
      await assertSucceeds(updateDoc(r1(as(OWNER)), reject));
      await assertFails(
        updateDoc(r1(as(OWNER)), { status: 'approved', updatedAt: serverTimestamp() }),
      );
    });

    it('lets the requester or the owner delete a request', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      await seed(`${TEAM}/joinRequests/${rid(STRANGER)}`, storedRequest(STRANGER));
      await assertFails(deleteDoc(doc(as(MEMBER), R_ASKER)));
      await assertSucceeds(deleteDoc(doc(as(ASKER), R_ASKER)));
      await assertSucceeds(deleteDoc(doc(as(OWNER), `${TEAM}/joinRequests/${rid(STRANGER)}`)));
    });
  });

  describe('team notifications', () => {
    const notifications = (db: Firestore, id: string) => doc(db, `notifications/${id}`);
    const R = rid(ASKER);

    /** The request and the owner's notification in one write, as requestToJoin does. */
    function requestWithNotice(
      db: Firestore,
      requestId: string,
      notice: DocumentData,
      id?: string,
    ) {
      const batch = writeBatch(db);
      batch.set(doc(db, `${TEAM}/joinRequests/${requestId}`), newRequest(ASKER));
      batch.set(notifications(db, id ?? `${requestId}_team_join_request`), notice);
      return batch.commit();
    }

    it('tells the owner of a request created in the same write, and nothing else', async () => {
      await seed(`users/${ASKER}`, profile(ASKER));
      const bare = teamNotification(OWNER, 'team_join_request', R);
      // The asker's name as their profile has it (the support profiles are named by uid).
      const notice = { ...bare, data: { ...bare.data, requesterName: ASKER } };
      await assertFails(
        setDoc(notifications(as(ASKER), 'r0_team_join_request'), {
          ...notice,
          data: { ...notice.data, requestId: 'r0' },
        }),
      );
      await assertFails(requestWithNotice(as(ASKER), R, notice, `${R}_other`));
      await assertFails(
        requestWithNotice(as(ASKER), R, teamNotification(MEMBER, 'team_join_request', R)),
      );
      await assertFails(
        requestWithNotice(as(ASKER), R, {
          ...notice,
          data: { ...notice.data, teamName: '別のチーム' },
        }),
      );
      await assertFails(
        requestWithNotice(as(ASKER), R, {
          ...notice,
          data: { ...notice.data, note: '自由に書いた文' },
        }),
      );
      // The name is the asker's own, not one they made up.
      await assertFails(
        requestWithNotice(as(ASKER), R, {
          ...notice,
          data: { ...notice.data, requesterName: '運営事務局' },
        }),
      );
      await assertSucceeds(requestWithNotice(as(ASKER), R, notice));
      // Asked again while pending: neither the request nor a second notice.
      await assertFails(requestWithNotice(as(ASKER), R, notice));
    });

    it('tells the owner again when a rejected request is asked again', async () => {
      await seed(`users/${ASKER}`, profile(ASKER));
      await seed(R_ASKER, storedRequest(ASKER, { status: 'rejected' }));
      const bare = teamNotification(OWNER, 'team_join_request', R);
      const notice = { ...bare, data: { ...bare.data, requesterName: ASKER } };
      await seed(`notifications/${R}_team_join_request`, {
        ...notice,
        timestamp: Timestamp.now(),
        read: true,
      });
      await assertSucceeds(requestWithNotice(as(ASKER), R, notice));
    });

    it('tells the requester of an approval or rejection by the owner in the same write', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      const process = (db: Firestore, status: string, notice: DocumentData, type: string) => {
        const batch = writeBatch(db);
        batch.update(doc(db, R_ASKER), {
          status,
          updatedAt: serverTimestamp(),
        });
        batch.set(notifications(db, `${R}_${type}`), notice);
        return batch.commit();
      };
      const rejected = teamNotification(ASKER, 'team_join_rejected', R);
      // Only a request names who asked.
      await assertFails(
        process(
          as(OWNER),
          'rejected',
          { ...rejected, data: { ...rejected.data, requesterName: OWNER } },
          'team_join_rejected',
        ),
      );
      // Without processing the request, by someone else, or to someone else: refused.
      await assertFails(setDoc(notifications(as(OWNER), `${R}_team_join_rejected`), rejected));
      await assertFails(process(as(MEMBER), 'rejected', rejected, 'team_join_rejected'));
      await assertFails(
        process(
          as(OWNER),
          'rejected',
          teamNotification(STRANGER, 'team_join_rejected', R),
          'team_join_rejected',
        ),
      );
      await assertFails(
        process(
          as(OWNER),
          'rejected',
          teamNotification(ASKER, 'team_join_approved', R),
          'team_join_approved',
        ),
      );
      await assertSucceeds(process(as(OWNER), 'rejected', rejected, 'team_join_rejected'));
    });
  });

  describe('a member leaving tells the owner', () => {
    const LEFT = `t1_${MEMBER}_team_member_left`;
    const left = (extra: DocumentData = {}, data: DocumentData = {}): DocumentData => ({
      userId: OWNER,
      type: 'team_member_left',
      // The member's name as their profile has it (the support profiles are named by uid).
      data: { teamId: 't1', teamName: TEAM_NAME, memberId: MEMBER, memberName: MEMBER, ...data },
      read: false,
      timestamp: serverTimestamp(),
      clientTimestamp: Timestamp.now(),
      ...extra,
    });
    /** The leave and its notice in one write, as leave does. */
    const leave = (db: Firestore, notice: DocumentData, id = LEFT, leaving = MEMBER) => {
      const batch = writeBatch(db);
      batch.update(doc(db, TEAM), { members: arrayRemove(leaving), updatedAt: serverTimestamp() });
      batch.set(doc(db, `notifications/${id}`), notice);
      return batch.commit();
    };

    beforeEach(async () => {
      await seed(`users/${MEMBER}`, profile(MEMBER));
      await seed(TEAM, storedTeam({ members: [OWNER, MEMBER, ASKER] }));
    });

    it("is carried only by the leaving member's own leave write, to that team's owner", async () => {
      // Forged: to someone who is not the owner, without leaving, by a member who stays, by the
      // owner removing someone, with another member's id or name, or free text.
      await assertFails(leave(as(MEMBER), left({ userId: ASKER })));
      await assertFails(leave(as(MEMBER), left({ userId: STRANGER })));
      await assertFails(setDoc(doc(as(MEMBER), `notifications/${LEFT}`), left()));
      await assertFails(leave(as(ASKER), left(), LEFT, ASKER));
      await assertFails(
        leave(as(ASKER), left({}, { memberId: ASKER, memberName: ASKER }), LEFT, ASKER),
      );
      await assertFails(leave(as(OWNER), left(), LEFT, MEMBER));
      await assertFails(leave(as(MEMBER), left({}, { memberName: '運営事務局' })));
      await assertFails(leave(as(MEMBER), left({}, { teamName: '別のチーム' })));
      await assertFails(leave(as(MEMBER), left({}, { note: '自由に書いた文' })));
      await assertFails(leave(as(MEMBER), left(), `t1_${ASKER}_team_member_left`));
      await assertFails(leave(as(MEMBER), left({}, { teamId: 't2' })));
      await assertFails(leave(as(STRANGER), left(), `t1_${STRANGER}_team_member_left`, STRANGER));
      await assertSucceeds(leave(as(MEMBER), left()));
    });

    it('is written again when the member joins and leaves again', async () => {
      await seed(`notifications/${LEFT}`, { ...left(), timestamp: Timestamp.now(), read: true });
      await assertSucceeds(leave(as(MEMBER), left()));
    });
  });

  describe('who may write', () => {
    const suspend = (uid: string) => seed(`users/${uid}`, profile(uid, { isActive: false }));

    it('refuses a suspended account every team write, and lets it read', async () => {
      await seed(R_ASKER, storedRequest(ASKER));
      await seed(
        `${TEAM}/joinRequests/${rid(STRANGER)}`,
        storedRequest(MEMBER, { status: 'approved' }),
      );
      await suspend(OWNER);
      await suspend(MEMBER);
      await suspend(ASKER);
      await assertSucceeds(getDoc(doc(as(OWNER), TEAM)));
      await assertFails(setDoc(doc(collection(as(ASKER), 'teams')), newTeam(ASKER)));
      // A missing profile is active: someone without one still creates.
      await assertSucceeds(setDoc(doc(collection(as(STRANGER), 'teams')), newTeam(STRANGER)));
      await assertFails(
        updateDoc(doc(as(OWNER), TEAM), { description: '停止中', updatedAt: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(as(OWNER), R_ASKER), {
          status: 'rejected',
          updatedAt: serverTimestamp(),
        }),
      );
      await assertFails(updateDoc(doc(as(OWNER), TEAM), { members: arrayRemove(MEMBER) }));
      await assertFails(updateDoc(doc(as(MEMBER), TEAM), { members: arrayRemove(MEMBER) }));
      await assertFails(deleteDoc(doc(as(ASKER), R_ASKER)));
      await assertFails(
        setDoc(doc(collection(as(ASKER), `${TEAM}/joinRequests`)), newRequest(ASKER)),
      );
    });

    it('needs a verified address to create a team or ask to join, not to leave', async () => {
      await assertFails(setDoc(doc(collection(unverified(ASKER), 'teams')), newTeam(ASKER)));
      await assertFails(
        setDoc(doc(collection(unverified(ASKER), `${TEAM}/joinRequests`)), newRequest(ASKER)),
      );
      await assertSucceeds(
        updateDoc(doc(unverified(MEMBER), TEAM), {
          members: arrayRemove(MEMBER),
          updatedAt: serverTimestamp(),
        }),
      );
    });
  });

  describe('team events', () => {
    const create = (db: Firestore, data: DocumentData) => setDoc(doc(db, 'events/e1'), data);

    it('lets a member hold an event for the team, under the team name only', async () => {
      await assertSucceeds(create(as(MEMBER), event({ teamId: 't1', teamName: TEAM_NAME })));
      await assertFails(
        create(as(ASKER), event({ organizerId: ASKER, teamId: 't1', teamName: TEAM_NAME })),
      );
      await assertFails(create(as(MEMBER), event({ teamId: 't1', teamName: '偽のチーム名' })));
      await assertFails(create(as(MEMBER), event({ teamId: '', teamName: TEAM_NAME })));
      await assertFails(create(as(MEMBER), event({ teamId: 'missing', teamName: '' })));
    });

    it('keeps an unchanged team on edit after the organizer left it, and takes no new one', async () => {
      await seed('events/e1', {
        ...event({ teamId: 't1', teamName: TEAM_NAME }),
        createdAt: Timestamp.now(),
        updatedAt: Timestamp.now(),
      });
      await seed(TEAM, storedTeam({ members: [OWNER] }));
      await assertSucceeds(updateDoc(doc(as(MEMBER), 'events/e1'), { title: '練習会' }));
      await seed('teams/t2', storedTeam({ name: '別チーム', members: [OWNER] }));
      await assertFails(
        updateDoc(doc(as(MEMBER), 'events/e1'), { teamId: 't2', teamName: '別チーム' }),
      );
      await assertSucceeds(updateDoc(doc(as(MEMBER), 'events/e1'), { teamId: '', teamName: '' }));
    });
  });
});
