// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  doc,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  BIO_MAX,
  CUSTOM_USER_ID_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  IMAGE_URL_MAX,
  LOCATION_MAX,
  PHOTO_PATH_MAX,
  REQUEST_MESSAGE_MAX,
} from '@/domain/constants';
import {
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_FEE_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
} from '@/domain/event-form';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import { SEARCH_TOKENS_MAX, searchTokensOf } from '@/domain/event-search';
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
  counted,
  countedRequestWrite,
} from './firestore-support';

/**
 * Size limits (docs/security.md "Size limits"): every string a
 * client writes is bounded by the domain's constant and every number by a range. Each case
 * writes the largest accepted value and is refused one past it, so a rule and its constant that
 * drift apart fail here. Teams are covered by their own suite.
 */
const huge = (n = 200_000) => 'x'.repeat(n);
/** A download URL of the given length, of an object in ALICE's folder (ownImage in the rules). */
const url = (length: number, folder = 'users') => {
  const base = `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${folder}%2F${ALICE}%2Fp.png?alt=media&token=`;
  return base + 'a'.repeat(length - base.length);
};

describe.skipIf(!firestoreHost)(`firestore rules: size limits${NOT_RUN}`, () => {
  const { as, seed } = useRulesEnv('demo-rules-limits');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, profile(ALICE, { emailVerified: true }));
    await seed(`users/${BOB}`, profile(BOB, { customUserId: 'user_Bob00000' }));
    await seed('events/e1', event());
  });

  describe('users/{uid}', () => {
    const edit = (fields: DocumentData, db: Firestore = as(ALICE)) =>
      updateDoc(doc(db, 'users', ALICE), { ...fields, updatedAt: serverTimestamp() });

    it('bounds the name, bio, area, photo URL and path by the domain’s constants', async () => {
      const cases: [string, number, (n: number) => string][] = [
        ['displayName', DISPLAY_NAME_MAX, (n) => 'あ'.repeat(n)],
        ['bio', BIO_MAX, (n) => 'あ'.repeat(n)],
        ['location', LOCATION_MAX, (n) => 'あ'.repeat(n)],
        ['photoURL', IMAGE_URL_MAX, url],
        ['photoPath', PHOTO_PATH_MAX, (n) => `users/${ALICE}/` + 'a'.repeat(n - 7 - ALICE.length)],
      ];
      for (const [field, max, value] of cases) {
        await assertSucceeds(edit({ [field]: value(max) }));
        await assertFails(edit({ [field]: value(max + 1) }));
      }
    });

    it('bounds the public user id: CUSTOM_USER_ID_MAX, letters, digits and _, set once', async () => {
      // The profile with its id's reservation, in one write as the app makes it.
      const fresh = (customUserId: unknown) => {
        const db = as(CAROL);
        const batch = writeBatch(db);
        batch.set(doc(db, 'users', CAROL), {
          ...profile(CAROL, { customUserId }),
          createdAt: serverTimestamp(),
        });
        if (typeof customUserId === 'string' && /^\w{1,100}$/.test(customUserId))
          batch.set(doc(db, 'customUserIds', customUserId), {
            uid: CAROL,
            createdAt: serverTimestamp(),
          });
        return batch.commit();
      };
      await assertFails(fresh(huge()));
      await assertFails(fresh('u'.repeat(CUSTOM_USER_ID_MAX + 1)));
      await assertFails(fresh('user_<b>x</b>'));
      await assertFails(fresh(12345678));
      await assertSucceeds(fresh('u'.repeat(CUSTOM_USER_ID_MAX)));
      // Once set, an owner cannot take on someone else's id (staff look users up by it).
      await assertFails(edit({ customUserId: 'user_Bob00000' }));
      await assertSucceeds(edit({ customUserId: 'user_Ab3dE5gH' }));
      // A profile without one gets one, with its reservation.
      await seed(`users/${BOB}`, profile(BOB, { customUserId: '' }));
      await assertFails(updateDoc(doc(as(BOB), 'users', BOB), { customUserId: 'user_Bob00000' }));
      const bob = as(BOB);
      const batch = writeBatch(bob);
      batch.update(doc(bob, 'users', BOB), { customUserId: 'user_Bob00000' });
      batch.set(doc(bob, 'customUserIds', 'user_Bob00000'), {
        uid: BOB,
        createdAt: serverTimestamp(),
      });
      await assertSucceeds(batch.commit());
    });

    it('refuses oversized profile extras: gender, birth date, age, emailVerified', async () => {
      await assertFails(edit({ gender: huge() }));
      await assertFails(edit({ birthDate: huge() }));
      await assertFails(edit({ age: -1 }));
      await assertFails(edit({ age: huge(1000) }));
      await assertFails(edit({ emailVerified: huge() }));
      await assertSucceeds(edit({ emailVerified: true }));
    });
  });

  describe('users/{uid}/private', () => {
    it('bounds the stored email by EMAIL_MAX', async () => {
      // The address is the ID token's own (tests/rules/profile.rules.test.ts), whatever its length.
      const tokenEmail = (email: unknown) =>
        typeof email === 'string' && email.length <= 2 * EMAIL_MAX ? { email } : {};
      const account = (email: unknown) =>
        setDoc(doc(as(ALICE, tokenEmail(email)), 'users', ALICE, 'private', 'account'), {
          email,
          updatedAt: serverTimestamp(),
        });
      const address = (n: number) => 'a'.repeat(n - '@example.com'.length) + '@example.com';
      await assertSucceeds(account(address(EMAIL_MAX)));
      await assertFails(account(address(EMAIL_MAX + 1)));
      await assertFails(account(huge()));
      await assertFails(account(42));
    });

    it('holds only booleans in the mail settings', async () => {
      const settings = (mail: DocumentData) =>
        setDoc(doc(as(ALICE), 'users', ALICE, 'private', 'settings'), {
          mail,
          updatedAt: serverTimestamp(),
        });
      await assertSucceeds(settings({ unreadMessages: false }));
      await assertFails(settings({ unreadMessages: huge() }));
      await assertFails(settings({ unreadMessages: false, extra: huge() }));
    });

    it('holds a yyyy-MM-dd birth date and a listed gender in the private profile', async () => {
      const privateProfile = (fields: DocumentData) =>
        setDoc(doc(as(ALICE), 'users', ALICE, 'private', 'profile'), fields);
      await assertFails(privateProfile({ birthDate: huge() }));
      await assertFails(privateProfile({ birthDate: `1990-01-01${huge(100)}` }));
      await assertFails(privateProfile({ gender: huge() }));
    });
  });

  describe('events/{eventId}', () => {
    // A fresh id each time: a second write to one id would be an update.
    let n = 0;
    const create = (fields: DocumentData) =>
      setDoc(doc(as(ALICE), 'events', `new${++n}`), {
        ...event(fields),
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      });

    it('bounds every text field by the domain’s constant', async () => {
      // teamName is not free text: it must equal the name of the organizer's team (teamChoiceValid,
      // tests/rules/teams.rules.test.ts), whose own length the teams rules bound.
      const cases: [string, number, (n: number) => string][] = [
        ['title', EVENT_TITLE_MAX, (n) => 'あ'.repeat(n)],
        ['description', EVENT_DESCRIPTION_MAX, (n) => 'あ'.repeat(n)],
        ['location', EVENT_LOCATION_MAX, (n) => 'あ'.repeat(n)],
        ['organizerName', DISPLAY_NAME_MAX, (n) => 'あ'.repeat(n)],
        ['organizerPhotoURL', IMAGE_URL_MAX, url],
        ['imageURL', IMAGE_URL_MAX, (n) => url(n, 'events')],
        ['imagePath', PHOTO_PATH_MAX, (n) => `events/${ALICE}/` + 'a'.repeat(n - 8 - ALICE.length)],
      ];
      for (const [field, max, value] of cases) {
        await assertSucceeds(create({ [field]: value(max) }));
        await assertFails(create({ [field]: value(max + 1) }));
      }
    });

    it('takes the sport, region and level from their lists (empty region and level allowed)', async () => {
      for (const sportType of SPORT_TYPES) await assertSucceeds(create({ sportType }));
      for (const region of ['', ...REGIONS]) await assertSucceeds(create({ region }));
      for (const level of ['', ...LEVELS]) await assertSucceeds(create({ level }));
      await assertFails(create({ sportType: 'カーリング' }));
      await assertFails(create({ sportType: '' }));
      await assertFails(create({ region: '火星' }));
      await assertFails(create({ level: 'プロ' }));
      await assertFails(updateDoc(doc(as(ALICE), 'events', 'e1'), { region: '火星' }));
    });

    it('lets an event stored with a value off the lists change its other fields only', async () => {
      await seed('events/legacy', event({ sportType: 'ソフトボール', level: 'ベテラン' }));
      const legacy = doc(as(ALICE), 'events', 'legacy');
      await assertSucceeds(updateDoc(legacy, { title: '日曜ソフトボール' }));
      await assertFails(updateDoc(legacy, { sportType: 'カーリング' }));
      await assertSucceeds(updateDoc(legacy, { sportType: '野球' }));
    });

    it('refuses a 300 KB organizer name, on creation and on an edit', async () => {
      await assertFails(create({ organizerName: huge(300_000) }));
      await assertFails(create({ organizerPhotoURL: huge(300_000) }));
      await assertFails(
        updateDoc(doc(as(ALICE), 'events', 'e1'), { organizerName: huge(300_000) }),
      );
      await assertSucceeds(updateDoc(doc(as(ALICE), 'events', 'e1'), { organizerName: 'アリス' }));
    });

    it('bounds the search tokens: at most SEARCH_TOKENS_MAX distinct, folded, 1-2 characters', async () => {
      const tokens = (n: number) =>
        Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + (i >> 1), 0x4e00 + i));
      await assertSucceeds(create({ searchTokens: tokens(SEARCH_TOKENS_MAX) }));
      await assertFails(create({ searchTokens: tokens(SEARCH_TOKENS_MAX + 1) }));
      // What the domain stores for a real event passes.
      const futsal = searchTokensOf({
        title: '平日夜ﾌｯﾄｻﾙ',
        sportType: 'フットサル',
        location: '渋谷区スポーツセンター',
        organizerName: '山田 太郎',
        teamName: 'ＦＣ渋谷',
        description: 'ビギナー歓迎！',
      });
      await assertSucceeds(create({ searchTokens: futsal }));
      await assertSucceeds(create({ searchTokens: [] }));
      await assertFails(create({ searchTokens: 'サッカー' }));
      await assertFails(create({ searchTokens: [huge(1000)] }));
      await assertFails(create({ searchTokens: ['サッカ'] }));
      await assertFails(create({ searchTokens: [''] }));
      await assertFails(create({ searchTokens: [{ token: 'サッ' }] }));
      await assertFails(create({ searchTokens: ['サッ', 'サッ'] }));
      // Not folded: hiragana, half-width kana, full-width letters, capitals, whitespace.
      for (const t of ['ふっ', 'ﾌｯ', 'ＦＣ', 'FC', 'a b', 'a\n', ' ']) {
        await assertFails(create({ searchTokens: ['サッ', t] }));
      }
      const e1 = doc(as(ALICE), 'events', 'e1');
      await assertSucceeds(updateDoc(e1, { title: '朝ラン', searchTokens: ['朝', '朝ラ'] }));
      await assertFails(updateDoc(e1, { searchTokens: tokens(SEARCH_TOKENS_MAX + 1) }));
      await assertFails(updateDoc(e1, { searchTokens: ['あさ'] }));
      // Nobody but the organizer writes them (a visitor's join changes the participants only).
      await assertFails(updateDoc(doc(as(BOB), 'events', 'e1'), { searchTokens: [] }));
    });

    it('keeps the fee and the capacity in range, whole numbers', async () => {
      await assertSucceeds(create({ fee: 0 }));
      await assertSucceeds(create({ fee: EVENT_FEE_MAX }));
      await assertFails(create({ fee: EVENT_FEE_MAX + 1 }));
      await assertFails(create({ fee: -1 }));
      await assertFails(create({ fee: 1.5 }));
      await assertFails(create({ fee: '1000' }));
      await assertSucceeds(create({ capacity: EVENT_CAPACITY_MAX }));
      await assertFails(create({ capacity: EVENT_CAPACITY_MAX + 1 }));
      await assertFails(create({ capacity: -1 }));
      await assertFails(
        updateDoc(doc(as(ALICE), 'events', 'e1'), { fee: Number.MAX_SAFE_INTEGER }),
      );
    });
  });

  describe('participationRequests/{requestId}', () => {
    it('bounds the message by REQUEST_MESSAGE_MAX', async () => {
      const ask = (message: unknown) =>
        counted.set(as(CAROL), `e1_${CAROL}`, {
          ...request({ userId: CAROL, message }),
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
      await seed(`users/${CAROL}`, profile(CAROL));
      await assertFails(ask('あ'.repeat(REQUEST_MESSAGE_MAX + 1)));
      await assertFails(ask(huge()));
      await assertFails(ask(42));
      await assertSucceeds(ask('あ'.repeat(REQUEST_MESSAGE_MAX)));
    });
  });

  describe('notifications/{notificationId}', () => {
    it('refuses a 900 KB data map: ids and checked values only', async () => {
      await seed(`participationRequests/e1_${BOB}`, request());
      const approve = (data: DocumentData) => {
        const db = as(ALICE);
        return countedRequestWrite(db, `e1_${BOB}`, -1, (batch) => {
          batch.update(doc(db, `participationRequests/e1_${BOB}`), {
            status: 'approved',
            updatedAt: serverTimestamp(),
          });
          batch.set(doc(db, 'notifications', `e1_${BOB}_participation_approved`), {
            userId: BOB,
            type: 'participation_approved',
            data: { eventId: 'e1', requestId: `e1_${BOB}`, eventTitle: '週末フットサル', ...data },
            read: false,
            timestamp: serverTimestamp(),
            clientTimestamp: Timestamp.now(),
          });
        });
      };
      await assertFails(approve({ note: huge(900_000) }));
      await assertFails(approve({ eventTitle: huge(900_000) }));
      await assertSucceeds(approve({}));
    });
  });
});
