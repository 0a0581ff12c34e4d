// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
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
import { REPORT_REASONS } from '@/domain/entities/report';
import { STAFF_CANCEL_REASONS } from '@/domain/entities/staff-cancel';
import { SPECIAL_ADMIN_EMAIL } from '@/domain/entities/user';
import {
  ADMIN,
  ALICE,
  BOB,
  MOD,
  NOT_RUN,
  event as baseEvent,
  firestoreHost,
  profile as baseProfile,
  useRulesEnv,
  type RulesKit,
} from './firestore-support';

/**
 * The staff section of firestore.rules (docs/staff.md): reports, the audit log, config/admin,
 * staff writes on users and events. Every staff write is tried with its audit entry (allowed)
 * and without it or with a lying one (refused), and by those who may not make it at all.
 */
const ADMIN2 = 'admin2';
const SETUP = 'setup1';

let kit: RulesKit;
const as = (uid: string, claims?: Record<string, unknown>) => kit.as(uid, claims);
const anon = () => kit.anon();
const seed = (path: string, data: DocumentData) => kit.seed(path, data);

const setupAccount = (verified = true) =>
  as(SETUP, { email: SPECIAL_ADMIN_EMAIL, email_verified: verified });

/** Staff write audit entries naming the user by their display name. */
function profile(uid: string, extra: DocumentData = {}): DocumentData {
  return baseProfile(uid, { displayName: `名前${uid}`, isActive: true, ...extra });
}

function audit(actorId: string, extra: DocumentData): DocumentData {
  return {
    actorId,
    action: 'role_changed',
    targetType: 'user',
    targetId: ALICE,
    targetLabel: `名前${ALICE}`,
    from: '',
    to: '',
    reason: '',
    note: '',
    createdAt: serverTimestamp(),
    ...extra,
  };
}

/** A signed-in client and the uid it acts as (the author of the audit entries it writes). */
interface Who {
  db: Firestore;
  uid: string;
}

function actor(uid: string): Who {
  return { db: as(uid), uid };
}

/** A role change as the staff port writes it: the user, config/admin when it changes, the entry. */
function roleChange(
  { db, uid }: Who,
  target: string,
  from: string,
  to: string,
  admins: string[] | null,
  entry: DocumentData = {},
) {
  const batch = writeBatch(db);
  const auditRef = doc(collection(db, 'auditLog'));
  batch.set(
    auditRef,
    audit(uid, {
      targetId: target,
      targetLabel: `名前${target}`,
      from,
      to,
      ...entry,
    }),
  );
  batch.update(doc(db, `users/${target}`), {
    role: to,
    staffAuditId: auditRef.id,
    updatedAt: serverTimestamp(),
  });
  if (admins) {
    batch.update(doc(db, 'config/admin'), {
      admins,
      auditId: auditRef.id,
      updatedAt: serverTimestamp(),
    });
  }
  return batch.commit();
}

function standingChange(
  { db, uid }: Who,
  target: string,
  active: boolean,
  entry: DocumentData = {},
) {
  const batch = writeBatch(db);
  const auditRef = doc(collection(db, 'auditLog'));
  batch.set(
    auditRef,
    audit(uid, {
      action: active ? 'account_reactivated' : 'account_suspended',
      targetId: target,
      targetLabel: `名前${target}`,
      ...entry,
    }),
  );
  batch.update(doc(db, `users/${target}`), {
    isActive: active,
    staffAuditId: auditRef.id,
    updatedAt: serverTimestamp(),
  });
  return batch.commit();
}

function event(extra: DocumentData = {}): DocumentData {
  return baseEvent({ organizerId: BOB, participants: [ALICE], fee: 0, capacity: 10, ...extra });
}

/** The notice a staff cancellation of e1 (reason fraud) sends to `userId`. */
function cancelNotice(userId: string): DocumentData {
  return {
    userId,
    type: 'staff_event_cancelled',
    data: { eventId: 'e1', eventTitle: '週末フットサル', reason: 'fraud' },
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
  };
}

function report(extra: DocumentData = {}): DocumentData {
  return {
    reporterId: ALICE,
    targetType: 'event',
    targetId: 'e1',
    conversationId: '',
    targetLabel: '週末フットサル',
    subjectUserId: BOB,
    reason: 'fraud',
    detail: '参加費だけ集めています',
    status: 'open',
    createdAt: serverTimestamp(),
    ...extra,
  };
}

describe.skipIf(!firestoreHost)(`staff rules${NOT_RUN}`, () => {
  kit = useRulesEnv('demo-rules-staff');

  beforeEach(async () => {
    await seed(`users/${ADMIN}`, profile(ADMIN, { role: 'admin' }));
    await seed(`users/${ADMIN2}`, profile(ADMIN2, { role: 'admin' }));
    await seed(`users/${MOD}`, profile(MOD, { role: 'moderator' }));
    await seed(`users/${ALICE}`, profile(ALICE));
    await seed(`users/${BOB}`, profile(BOB));
    await seed(`users/${SETUP}`, profile(SETUP));
    await seed('config/admin', { admins: [ADMIN, ADMIN2] });
    await seed('events/e1', event());
    await seed(
      'reports/event-e1-carol',
      report({ reporterId: 'carol', createdAt: Timestamp.now() }),
    );
    await seed('auditLog/a0', audit(ADMIN, { createdAt: Timestamp.now() }));
  });

  describe('roles', () => {
    it('lets an admin change a role with its entry, config/admin following an admin change', async () => {
      const admin = actor(ADMIN);
      await assertSucceeds(roleChange(admin, ALICE, 'user', 'moderator', null));
      await assertSucceeds(roleChange(admin, BOB, 'user', 'admin', [ADMIN, ADMIN2, BOB]));
      await assertSucceeds(roleChange(admin, ADMIN2, 'admin', 'user', [ADMIN, BOB]));
    });

    it('refuses a role change without its entry, with a lying entry, or with config/admin out of step', async () => {
      const admin = actor(ADMIN);
      await assertFails(updateDoc(doc(admin.db, `users/${ALICE}`), { role: 'moderator' }));
      await assertFails(roleChange(admin, ALICE, 'user', 'moderator', null, { to: 'user' }));
      await assertFails(roleChange(admin, ALICE, 'user', 'moderator', null, { from: 'admin' }));
      await assertFails(roleChange(admin, ALICE, 'user', 'moderator', null, { targetId: BOB }));
      await assertFails(
        roleChange(admin, ALICE, 'user', 'moderator', null, { targetLabel: `名前${BOB}` }),
      );
      await assertFails(roleChange(admin, ALICE, 'user', 'moderator', null, { note: '別人の件' }));
      await assertFails(
        roleChange(admin, ALICE, 'user', 'moderator', null, { action: 'account_suspended' }),
      );
      await assertFails(roleChange(admin, ALICE, 'user', 'moderator', null, { actorId: MOD }));
      // Granting admin without listing them, or listing someone else as well.
      await assertFails(roleChange(admin, ALICE, 'user', 'admin', null));
      await assertFails(roleChange(admin, ALICE, 'user', 'admin', [ADMIN, ADMIN2, ALICE, BOB]));
      await assertFails(roleChange(admin, ALICE, 'user', 'owner', null));
    });

    it('never lets config/admin go empty: the last admin cannot drop their own role', async () => {
      await seed('config/admin', { admins: [ADMIN] });
      await seed(`users/${ADMIN2}`, profile(ADMIN2));
      await assertFails(roleChange(actor(ADMIN), ADMIN, 'admin', 'moderator', []));
      await assertFails(roleChange(actor(ADMIN), ADMIN, 'admin', 'moderator', null));
    });

    it('refuses every role change by a moderator (granting admin included) and by users, their own role included', async () => {
      const mod = actor(MOD);
      await assertFails(roleChange(mod, ALICE, 'user', 'admin', [ADMIN, ADMIN2, ALICE]));
      await assertFails(roleChange(mod, ALICE, 'user', 'moderator', null));
      await assertFails(roleChange(mod, MOD, 'moderator', 'admin', [ADMIN, ADMIN2, MOD]));
      await assertFails(roleChange(mod, ADMIN, 'admin', 'user', [ADMIN2]));
      const alice = actor(ALICE);
      await assertFails(roleChange(alice, ALICE, 'user', 'admin', [ADMIN, ADMIN2, ALICE]));
      await assertFails(roleChange(alice, ALICE, 'user', 'moderator', null));
      await assertFails(roleChange(alice, BOB, 'user', 'moderator', null));
      await assertFails(updateDoc(doc(alice.db, `users/${ALICE}`), { role: 'moderator' }));
    });

    it('refuses a suspended admin', async () => {
      await seed(`users/${ADMIN}`, profile(ADMIN, { role: 'admin', isActive: false }));
      await assertFails(roleChange(actor(ADMIN), ALICE, 'user', 'moderator', null));
    });
  });

  describe('standing (isActive)', () => {
    it('lets a moderator suspend and reactivate a user with the entry, never without', async () => {
      const mod = actor(MOD);
      await assertSucceeds(standingChange(mod, ALICE, false, { note: '迷惑行為' }));
      await assertSucceeds(standingChange(mod, ALICE, true));
      await assertFails(updateDoc(doc(mod.db, `users/${ALICE}`), { isActive: false }));
      await assertFails(standingChange(mod, ALICE, false, { action: 'account_reactivated' }));
      await assertFails(standingChange(mod, ALICE, false, { note: 'あ'.repeat(501) }));
    });

    it('takes a suspension entry only when every name and value in it is the change', async () => {
      const mod = actor(MOD);
      // An entry naming someone else, or carrying values the suspension does not have.
      await assertFails(standingChange(mod, ALICE, false, { targetLabel: `名前${BOB}` }));
      await assertFails(standingChange(mod, ALICE, false, { targetLabel: '' }));
      await assertFails(standingChange(mod, ALICE, false, { from: 'admin' }));
      await assertFails(standingChange(mod, ALICE, false, { to: 'user' }));
      await assertFails(standingChange(mod, ALICE, false, { reason: 'fraud' }));
      await assertFails(standingChange(mod, ALICE, false, { targetId: BOB }));
      await assertFails(standingChange(mod, ALICE, false, { targetType: 'event' }));
      // Another actor: the note is the acting staff member's own words, so it names them.
      await assertFails(
        standingChange(mod, ALICE, false, { actorId: ADMIN, note: '管理者の判断' }),
      );
      await assertFails(standingChange(mod, ALICE, false, { createdAt: Timestamp.now() }));
      await assertSucceeds(standingChange(mod, ALICE, false, { note: '迷惑行為' }));
      await assertFails(standingChange(mod, ALICE, true, { targetLabel: `名前${BOB}` }));
      await assertSucceeds(standingChange(mod, ALICE, true));
    });

    it('refuses a moderator acting on an admin or a moderator, and anyone on themself', async () => {
      await assertFails(standingChange(actor(MOD), ADMIN, false));
      await seed('users/mod2', profile('mod2', { role: 'moderator' }));
      await assertFails(standingChange(actor(MOD), 'mod2', false));
      await assertFails(standingChange(actor(MOD), MOD, false));
      await assertFails(standingChange(actor(ADMIN), ADMIN2, false));
      await assertSucceeds(standingChange(actor(ADMIN), MOD, false));
    });

    it('refuses a non-staff user writing isActive, their own included', async () => {
      const alice = actor(ALICE);
      await assertFails(standingChange(alice, BOB, false));
      await assertFails(updateDoc(doc(alice.db, `users/${BOB}`), { isActive: false }));
      await assertFails(updateDoc(doc(alice.db, `users/${ALICE}`), { isActive: false }));
      await seed(`users/${ALICE}`, profile(ALICE, { isActive: false }));
      await assertFails(updateDoc(doc(as(ALICE), `users/${ALICE}`), { isActive: true }));
      await assertFails(standingChange(actor(ALICE), ALICE, true));
    });

    it("keeps the pointer to the last entry out of the owner's reach", async () => {
      await seed(`users/${ALICE}`, profile(ALICE, { staffAuditId: 'a0' }));
      await assertSucceeds(updateDoc(doc(as(ALICE), `users/${ALICE}`), { bio: 'こんにちは' }));
      await assertFails(updateDoc(doc(as(ALICE), `users/${ALICE}`), { staffAuditId: 'x' }));
    });
  });

  describe('audit log', () => {
    it('is read by staff only', async () => {
      await assertSucceeds(getDoc(doc(as(MOD), 'auditLog/a0')));
      await assertSucceeds(getDocs(collection(as(ADMIN), 'auditLog')));
      await assertFails(getDoc(doc(as(ALICE), 'auditLog/a0')));
      await assertFails(getDocs(collection(as(ALICE), 'auditLog')));
      await assertFails(getDocs(collection(anon(), 'auditLog')));
      await seed(`users/${MOD}`, profile(MOD, { role: 'moderator', isActive: false }));
      await assertFails(getDocs(collection(as(MOD), 'auditLog')));
    });

    it('is never changed or removed, and takes no entry without its change', async () => {
      await assertFails(updateDoc(doc(as(ADMIN), 'auditLog/a0'), { note: '書き換え' }));
      await assertFails(deleteDoc(doc(as(ADMIN), 'auditLog/a0')));
      await assertFails(setDoc(doc(as(ADMIN), 'auditLog/fake'), audit(ADMIN, { to: 'moderator' })));
      await assertFails(setDoc(doc(as(ALICE), 'auditLog/fake'), audit(ALICE, {})));
    });
  });

  describe('admin-init (config/admin created once)', () => {
    async function initAs(db: Firestore, uid: string) {
      const batch = writeBatch(db);
      const auditRef = doc(collection(db, 'auditLog'));
      batch.set(
        auditRef,
        audit(uid, {
          action: 'admin_initialized',
          targetId: uid,
          targetLabel: `名前${uid}`,
          from: 'user',
          to: 'admin',
        }),
      );
      batch.update(doc(db, `users/${uid}`), {
        role: 'admin',
        staffAuditId: auditRef.id,
        updatedAt: serverTimestamp(),
      });
      batch.set(doc(db, 'config/admin'), {
        admins: [uid],
        auditId: auditRef.id,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      });
      return batch.commit();
    }

    beforeEach(async () => {
      await kit.unseed('config/admin');
    });

    it('lets the verified set-up account make itself the first admin, once', async () => {
      await assertSucceeds(getDoc(doc(setupAccount(), 'config/admin')));
      await assertSucceeds(initAs(setupAccount(), SETUP));
      await seed(`users/${SETUP}`, profile(SETUP));
      await assertFails(initAs(setupAccount(), SETUP));
    });

    it('refuses it to an unverified set-up account and to anyone else', async () => {
      await assertFails(initAs(setupAccount(false), SETUP));
      await assertFails(initAs(as(ALICE), ALICE));
      await assertFails(initAs(as(MOD), MOD));
      await assertFails(
        setDoc(doc(as(ALICE), 'config/admin'), {
          admins: [ALICE],
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        }),
      );
    });

    it('shows config/admin to staff only', async () => {
      await seed('config/admin', { admins: [ADMIN] });
      await assertSucceeds(getDoc(doc(as(MOD), 'config/admin')));
      await assertFails(getDoc(doc(as(ALICE), 'config/admin')));
      await assertFails(deleteDoc(doc(as(ADMIN), 'config/admin')));
    });
  });

  describe('reports', () => {
    it('lets a verified user file a report about an existing target, named as it is', async () => {
      await assertSucceeds(setDoc(doc(as(ALICE), 'reports/event-e1-alice'), report()));
      await assertSucceeds(
        setDoc(
          doc(as(ALICE), `reports/user-${BOB}-alice`),
          report({ targetType: 'user', targetId: BOB, targetLabel: `名前${BOB}` }),
        ),
      );
    });

    it('takes every reason the domain offers (REPORT_REASONS)', async () => {
      for (const reason of REPORT_REASONS) {
        const uid = `reporter-${reason}`;
        await assertSucceeds(
          setDoc(doc(as(uid), `reports/event-e1-${uid}`), report({ reporterId: uid, reason })),
        );
      }
    });

    it('refuses forged, oversized, unverified, suspended and self-made reports', async () => {
      const alice = as(ALICE);
      await assertFails(setDoc(doc(alice, 'reports/event-e1-bob'), report({ reporterId: BOB })));
      await assertFails(setDoc(doc(alice, 'reports/anything'), report()));
      await assertFails(
        setDoc(doc(alice, 'reports/event-e1-alice'), report({ targetLabel: '別物' })),
      );
      await assertFails(
        setDoc(doc(alice, 'reports/event-e1-alice'), report({ subjectUserId: 'carol' })),
      );
      await assertFails(
        setDoc(doc(alice, 'reports/event-e1-alice'), report({ status: 'resolved' })),
      );
      await assertFails(setDoc(doc(alice, 'reports/event-e1-alice'), report({ reason: 'x' })));
      await assertFails(
        setDoc(doc(alice, 'reports/event-e1-alice'), report({ detail: 'あ'.repeat(1001) })),
      );
      await assertFails(
        setDoc(doc(alice, 'reports/event-e1-alice'), report({ createdAt: Timestamp.now() })),
      );
      await assertFails(setDoc(doc(alice, 'reports/event-e2-alice'), report({ targetId: 'e2' })));
      await assertFails(
        setDoc(doc(as(ALICE, { email_verified: false }), 'reports/event-e1-alice'), report()),
      );
      await assertFails(
        setDoc(
          doc(as(BOB), 'reports/event-e1-bob'),
          report({ reporterId: BOB, subjectUserId: BOB }),
        ),
      );
      await seed(`users/${ALICE}`, profile(ALICE, { isActive: false }));
      await assertFails(setDoc(doc(as(ALICE), 'reports/event-e1-alice'), report()));
    });

    it('reports a message only from its conversation, with its text and sender', async () => {
      const conv = [ALICE, BOB].sort().join('_');
      await seed(`conversations/${conv}`, { participants: [ALICE, BOB].sort() });
      await seed(`conversations/${conv}/messages/m1`, { senderId: BOB, content: 'ひどい' });
      const message = {
        targetType: 'message',
        targetId: 'm1',
        conversationId: conv,
        targetLabel: 'ひどい',
        subjectUserId: BOB,
      };
      await assertSucceeds(setDoc(doc(as(ALICE), 'reports/message-m1-alice'), report(message)));
      await assertFails(
        setDoc(
          doc(as('carol'), 'reports/message-m1-carol'),
          report({ ...message, reporterId: 'carol' }),
        ),
      );
      await assertFails(
        setDoc(
          doc(as(ALICE), 'reports/message-m1-alice'),
          report({ ...message, targetLabel: '捏造した文面' }),
        ),
      );
    });

    it('is read by staff only; a reporter may only see that their own report id is free', async () => {
      await assertSucceeds(getDocs(collection(as(MOD), 'reports')));
      await assertSucceeds(getDoc(doc(as(ADMIN), 'reports/event-e1-carol')));
      await assertFails(getDocs(collection(as(ALICE), 'reports')));
      await assertFails(
        getDocs(query(collection(as('carol'), 'reports'), where('reporterId', '==', 'carol'))),
      );
      await assertFails(getDoc(doc(as('carol'), 'reports/event-e1-carol')));
      await assertSucceeds(getDoc(doc(as(ALICE), 'reports/event-e1-alice')));
      await assertFails(getDoc(doc(as(ALICE), 'reports/event-e1-bob')));
      await assertFails(getDoc(doc(anon(), 'reports/event-e1-carol')));
    });

    it('is resolved by staff once, with a note and its entry', async () => {
      async function resolve(
        db: Firestore,
        uid: string,
        extra: DocumentData = {},
        entry: DocumentData = {},
      ) {
        const batch = writeBatch(db);
        const auditRef = doc(collection(db, 'auditLog'));
        batch.set(
          auditRef,
          audit(uid, {
            action: 'report_resolved',
            targetType: 'report',
            targetId: 'event-e1-carol',
            targetLabel: '週末フットサル',
            note: '対応しました',
            ...entry,
          }),
        );
        batch.update(doc(db, 'reports/event-e1-carol'), {
          status: 'resolved',
          resolvedBy: uid,
          resolutionNote: '対応しました',
          resolvedAt: serverTimestamp(),
          auditId: auditRef.id,
          ...extra,
        });
        return batch.commit();
      }
      await assertFails(resolve(as(ALICE), ALICE));
      await assertFails(resolve(as(MOD), MOD, { resolutionNote: '別のメモ' }));
      // The entry names the report by its own label, and carries no role or reason values.
      await assertFails(resolve(as(MOD), MOD, {}, { targetLabel: '別のイベント' }));
      await assertFails(resolve(as(MOD), MOD, {}, { targetLabel: '' }));
      await assertFails(resolve(as(MOD), MOD, {}, { from: 'open', to: 'resolved' }));
      await assertFails(resolve(as(MOD), MOD, {}, { reason: 'spam' }));
      await assertFails(
        updateDoc(doc(as(MOD), 'reports/event-e1-carol'), {
          status: 'resolved',
          resolvedBy: MOD,
          resolutionNote: '対応しました',
          resolvedAt: serverTimestamp(),
        }),
      );
      await assertSucceeds(resolve(as(MOD), MOD));
      await assertFails(resolve(as(ADMIN), ADMIN));
      await assertFails(deleteDoc(doc(as(ADMIN), 'reports/event-e1-carol')));
    });
  });

  describe('staff cancellation', () => {
    function cancel(
      db: Firestore,
      uid: string,
      notifyTo: string[],
      extra: DocumentData = {},
      reason = 'fraud',
      entry: DocumentData = {},
    ) {
      const batch = writeBatch(db);
      const auditRef = doc(collection(db, 'auditLog'));
      batch.set(
        auditRef,
        audit(uid, {
          action: 'event_cancelled',
          targetType: 'event',
          targetId: 'e1',
          targetLabel: '週末フットサル',
          reason,
          ...entry,
        }),
      );
      batch.update(doc(db, 'events/e1'), {
        status: 'cancelled',
        staffCancelReason: 'fraud',
        staffAuditId: auditRef.id,
        updatedAt: serverTimestamp(),
        ...extra,
      });
      for (const to of notifyTo) {
        batch.set(doc(db, `notifications/e1_staff_event_cancelled_${to}`), cancelNotice(to));
      }
      return batch.commit();
    }

    it('lets staff cancel an open event with its entry, telling the organizer and participants', async () => {
      await assertSucceeds(cancel(as(MOD), MOD, [BOB, ALICE]));
    });

    it('takes every reason the domain offers (STAFF_CANCEL_REASONS)', async () => {
      for (const reason of STAFF_CANCEL_REASONS) {
        await seed('events/e1', event());
        await assertSucceeds(cancel(as(MOD), MOD, [], { staffCancelReason: reason }, reason));
      }
    });

    it("takes the entry only with the event's own title, reason and no role values", async () => {
      const lying = (entry: DocumentData) => cancel(as(MOD), MOD, [], {}, 'fraud', entry);
      await assertFails(lying({ targetLabel: '別のイベント' }));
      await assertFails(lying({ reason: 'spam' }));
      await assertFails(lying({ from: 'open', to: 'cancelled' }));
      await assertFails(lying({ actorId: ADMIN }));
      await assertFails(lying({ targetId: 'e2' }));
      await assertFails(lying({ note: 'あ'.repeat(501) }));
      await assertSucceeds(lying({ note: '詐欺の疑い' }));
    });

    it("freezes a staff-cancelled event's content for its organizer", async () => {
      await seed('events/e1', event({ status: 'cancelled', staffCancelReason: 'fraud' }));
      const edit = (fields: DocumentData) =>
        updateDoc(doc(as(BOB), 'events/e1'), { ...fields, updatedAt: serverTimestamp() });
      await assertFails(edit({ title: '返金は次の口座へ' }));
      await assertFails(edit({ description: '返金は次の口座へ…' }));
      await assertFails(edit({ imageURL: '', imagePath: '' }));
      await assertFails(edit({ status: 'open' }));
      await assertFails(edit({ staffCancelReason: '' }));
      // An event its organizer cancelled stays theirs to word.
      await seed('events/e1', event({ status: 'cancelled' }));
      await assertSucceeds(edit({ description: '雨天のため中止します' }));
    });

    it('refuses it to users (the organizer too, this way), without an entry, and notices to outsiders', async () => {
      await assertFails(cancel(as(ALICE), ALICE, []));
      await assertFails(cancel(as(BOB), BOB, []));
      await assertFails(cancel(as(MOD), MOD, [BOB, 'carol']));
      await assertFails(cancel(as(MOD), MOD, [], { staffCancelReason: 'other' }));
      await assertFails(
        updateDoc(doc(as(MOD), 'events/e1'), {
          status: 'cancelled',
          staffCancelReason: 'fraud',
          updatedAt: serverTimestamp(),
        }),
      );
      await seed('events/e1', event({ status: 'finished' }));
      await assertFails(cancel(as(MOD), MOD, []));
    });

    it('refuses the cancellation notice by non-staff, even for a cancelled event', async () => {
      await seed('events/e1', event({ status: 'cancelled', staffCancelReason: 'fraud' }));
      await assertSucceeds(
        setDoc(
          doc(as(MOD), `notifications/e1_staff_event_cancelled_${ALICE}`),
          cancelNotice(ALICE),
        ),
      );
      await assertFails(
        setDoc(doc(as(BOB), `notifications/e1_staff_event_cancelled_${BOB}x`), cancelNotice(ALICE)),
      );
    });
  });

  describe('dashboard counts', () => {
    it('gives staff the pending count from stats/participation, never the requests and their messages', async () => {
      await seed('participationRequests/e1_alice', {
        userId: ALICE,
        eventId: 'e1',
        status: 'pending',
        message: '非公開のメッセージ',
      });
      await seed('stats/participation', { pending: 1, lastRequest: 'e1_alice' });
      const pending = (db: Firestore) =>
        getCountFromServer(
          query(collection(db, 'participationRequests'), where('status', '==', 'pending')),
        );
      await assertSucceeds(getDoc(doc(as(MOD), 'stats/participation')));
      await assertSucceeds(getDoc(doc(as(ADMIN), 'stats/participation')));
      await assertFails(getDoc(doc(as(ALICE), 'stats/participation')));
      await assertFails(pending(as(MOD)));
      await assertFails(getDocs(collection(as(MOD), 'participationRequests')));
      await assertFails(getDoc(doc(as(MOD), 'participationRequests/e1_alice')));
      await assertFails(pending(as(ALICE)));
      await assertFails(getCountFromServer(collection(as(ALICE), 'reports')));
    });
  });
});
