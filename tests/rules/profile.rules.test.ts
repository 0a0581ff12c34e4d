// @vitest-environment node
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  Timestamp,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { ageOn, publicProfileFields } from '@/domain/profile';
import { DEFAULT_EMAIL_SETTINGS, MAIL_KINDS } from '@/domain/entities/email-settings';
import { privateProfileSchema, type PrivateProfile } from '@/domain/entities/user';
import { ALICE, BOB, CAROL, MOD, NOT_RUN, firestoreHost, useRulesEnv } from './firestore-support';

/**
 * The profile part of the users block of firestore.rules (docs/profile.md "Privacy"): the public
 * document shows exactly what users/{uid}/private/profile allows, the private profile is its
 * owner's alone, and a photo sits in the owner's folder. An allow and a deny for each rule, and
 * attacks as a stranger or a careless client would make them.
 */
function publicProfile(uid: string, extra: DocumentData = {}): DocumentData {
  return {
    displayName: uid,
    photoURL: '',
    photoPath: '',
    bio: '',
    location: '',
    gender: '',
    birthDate: '',
    age: null,
    emailVerified: true,
    customUserId: 'user_Ab3dE5gH',
    firebaseUid: uid,
    agreedAt: null,
    createdAt: Timestamp.fromDate(new Date(2024, 0, 1)),
    role: 'user',
    isActive: true,
    ...extra,
  };
}

const HIDDEN: PrivateProfile = privateProfileSchema.parse({
  gender: 'female',
  birthDate: '1990-04-01',
});

/** The owner's save as the app writes it: both documents in one batch. */
async function save(db: Firestore, uid: string, p: PrivateProfile, shown?: DocumentData) {
  const batch = writeBatch(db);
  batch.update(doc(db, 'users', uid), {
    ...(shown ?? publicProfileFields(p, new Date())),
    updatedAt: serverTimestamp(),
  });
  batch.set(doc(db, 'users', uid, 'private', 'profile'), { ...p, updatedAt: serverTimestamp() });
  await batch.commit();
}

const STORAGE_URL = (uid: string, name = 'p.png') =>
  `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/users%2F${uid}%2F${name}?alt=media&token=abc`;

describe.skipIf(!firestoreHost)(`profile rules${NOT_RUN}`, () => {
  const { as, anon, seed } = useRulesEnv('demo-rules-profile');

  beforeEach(async () => {
    await seed(`users/${ALICE}`, publicProfile(ALICE));
    await seed(`users/${BOB}`, publicProfile(BOB));
    await seed(`users/${MOD}`, publicProfile(MOD, { role: 'moderator' }));
  });

  describe('the private profile', () => {
    it('is read by its owner only: not a stranger, a visitor or staff', async () => {
      await seed(`users/${ALICE}/private/profile`, HIDDEN);
      await assertSucceeds(getDoc(doc(as(ALICE), `users/${ALICE}/private/profile`)));
      await assertFails(getDoc(doc(as(BOB), `users/${ALICE}/private/profile`)));
      await assertFails(getDoc(doc(anon(), `users/${ALICE}/private/profile`)));
      await assertFails(getDoc(doc(as(MOD), `users/${ALICE}/private/profile`)));
    });

    it('is written by its owner with the public document, never by anyone else', async () => {
      await assertSucceeds(save(as(ALICE), ALICE, HIDDEN));
      await assertFails(save(as(BOB), ALICE, { ...HIDDEN, gender: 'male' }));
      await assertFails(
        setDoc(doc(as(BOB), `users/${ALICE}/private/profile`), { ...HIDDEN, gender: 'male' }),
      );
    });

    it('has typed fields: known genders and visibilities, a yyyy-MM-dd date, nothing else', async () => {
      const db = as(ALICE);
      await assertSucceeds(save(db, ALICE, { ...HIDDEN, gender: 'other' }));
      await assertFails(save(db, ALICE, { ...HIDDEN, gender: 'x'.repeat(5000) as 'other' }));
      await assertFails(save(db, ALICE, { ...HIDDEN, birthDate: 'yesterday' }));
      await assertFails(save(db, ALICE, { ...HIDDEN, genderVisibility: 'everyone' as 'public' }));
      await assertFails(save(db, ALICE, { ...HIDDEN, birthDateVisibility: 'month' as 'date' }));
      const withEmail = { ...HIDDEN, email: 'a@example.com' } as unknown as PrivateProfile;
      await assertFails(save(db, ALICE, withEmail));
    });

    it('cannot make a value public without the public document showing it, or hide it while shown', async () => {
      const db = as(ALICE);
      // Public gender in the private document, but the public one left without it.
      await assertFails(
        setDoc(doc(db, `users/${ALICE}/private/profile`), {
          ...HIDDEN,
          genderVisibility: 'public',
        }),
      );
      await assertSucceeds(save(db, ALICE, { ...HIDDEN, genderVisibility: 'public' }));
      // Hiding it again alone would leave the public document showing it.
      await assertFails(setDoc(doc(db, `users/${ALICE}/private/profile`), HIDDEN));
      await assertSucceeds(save(db, ALICE, HIDDEN));
    });
  });

  describe('what the public document shows', () => {
    it('shows a hidden value nowhere: not with, and not without, a private document', async () => {
      const db = as(ALICE);
      await assertFails(updateDoc(doc(db, 'users', ALICE), { gender: 'female' }));
      await assertFails(updateDoc(doc(db, 'users', ALICE), { birthDate: '1990-04-01' }));
      await assertFails(updateDoc(doc(db, 'users', ALICE), { age: 34 }));
      await assertFails(save(db, ALICE, HIDDEN, { gender: 'female', birthDate: '', age: null }));
      await assertFails(
        save(db, ALICE, HIDDEN, { gender: '', birthDate: '1990-04-01', age: null }),
      );
    });

    it('shows the gender when public, and never 回答しない', async () => {
      const db = as(ALICE);
      await assertSucceeds(save(db, ALICE, { ...HIDDEN, genderVisibility: 'public' }));
      await assertFails(
        save(
          db,
          ALICE,
          { ...HIDDEN, genderVisibility: 'public' },
          {
            gender: 'male',
            birthDate: '',
            age: null,
          },
        ),
      );
      const unanswered = {
        ...HIDDEN,
        gender: 'unspecified' as const,
        genderVisibility: 'public' as const,
      };
      await assertSucceeds(save(db, ALICE, unanswered));
      await assertFails(
        save(db, ALICE, unanswered, { gender: 'unspecified', birthDate: '', age: null }),
      );
    });

    it('shows the date only when the date is public, and only the age when only the age is', async () => {
      const db = as(ALICE);
      const date = { ...HIDDEN, birthDateVisibility: 'date' as const };
      const age = { ...HIDDEN, birthDateVisibility: 'age' as const };
      const realAge = ageOn(HIDDEN.birthDate, new Date())!;
      await assertSucceeds(save(db, ALICE, date));
      await assertSucceeds(save(db, ALICE, age));
      await assertFails(
        save(db, ALICE, age, { gender: '', birthDate: HIDDEN.birthDate, age: realAge }),
      );
      await assertFails(save(db, ALICE, age, { gender: '', birthDate: '', age: realAge + 5 }));
      await assertFails(save(db, ALICE, age, { gender: '', birthDate: '', age: 'thirty' }));
      await assertFails(save(db, ALICE, date, { gender: '', birthDate: '', age: realAge }));
    });

    it('leaves values an older version kept public alone until they change, and lets them move', async () => {
      await seed(
        `users/${ALICE}`,
        publicProfile(ALICE, { gender: 'male', birthDate: '1980-02-03' }),
      );
      const db = as(ALICE);
      await assertSucceeds(updateDoc(doc(db, 'users', ALICE), { bio: '自己紹介' }));
      const moved = privateProfileSchema.parse({ gender: 'male', birthDate: '1980-02-03' });
      await assertSucceeds(save(db, ALICE, moved));
    });

    it("lets nobody else write a user's shown values", async () => {
      await seed(`users/${ALICE}/private/profile`, { ...HIDDEN, genderVisibility: 'public' });
      await assertFails(updateDoc(doc(as(BOB), 'users', ALICE), { gender: 'female' }));
      await assertFails(updateDoc(doc(anon(), 'users', ALICE), { gender: 'female' }));
    });
  });

  describe('email settings', () => {
    const settings = (mail: DocumentData) => ({ mail, updatedAt: serverTimestamp() });
    const path = `users/${ALICE}/private/settings`;

    it('are read and written by their owner only', async () => {
      const off = settings({ ...DEFAULT_EMAIL_SETTINGS, participationApproved: false });
      await assertSucceeds(setDoc(doc(as(ALICE), path), off));
      await assertSucceeds(getDoc(doc(as(ALICE), path)));
      await assertFails(getDoc(doc(as(BOB), path)));
      await assertFails(getDoc(doc(anon(), path)));
      await assertFails(getDoc(doc(as(MOD), path)));
      await assertFails(setDoc(doc(as(BOB), path), settings(DEFAULT_EMAIL_SETTINGS)));
    });

    it('hold one boolean per known mail kind and nothing else', async () => {
      const db = as(ALICE);
      await assertFails(
        setDoc(doc(db, path), settings({ ...DEFAULT_EMAIL_SETTINGS, unreadMessages: 'no' })),
      );
      await assertFails(setDoc(doc(db, path), settings({ everything: false })));
      await assertFails(
        setDoc(doc(db, path), { ...settings(DEFAULT_EMAIL_SETTINGS), email: 'x@example.com' }),
      );
      await assertFails(
        setDoc(doc(db, path), { mail: DEFAULT_EMAIL_SETTINGS, updatedAt: Timestamp.now() }),
      );
    });

    it('follow the domain list of mail kinds', async () => {
      const all = Object.fromEntries(MAIL_KINDS.map((k) => [k, false]));
      await assertSucceeds(setDoc(doc(as(ALICE), path), settings(all)));
    });
  });

  describe('the public user id', () => {
    /** A new profile with its id and that id's reservation, in one write as users.create makes it. */
    function register(uid: string, customUserId: string, reservedFor = uid) {
      const db = as(uid);
      const batch = writeBatch(db);
      batch.set(doc(db, 'users', uid), {
        ...publicProfile(uid, { customUserId, emailVerified: false }),
        createdAt: serverTimestamp(),
      });
      batch.set(doc(db, 'customUserIds', customUserId), {
        uid: reservedFor,
        createdAt: serverTimestamp(),
      });
      return batch.commit();
    }

    beforeEach(async () => {
      await seed('customUserIds/user_Ab3dE5gH', { uid: BOB, createdAt: Timestamp.now() });
    });

    it("is reserved with the profile that takes it, never another account's", async () => {
      // Taking Bob's id (staff would then find the wrong person).
      await assertFails(register(CAROL, 'user_Ab3dE5gH'));
      await assertFails(
        setDoc(doc(as(CAROL), 'users', CAROL), {
          ...publicProfile(CAROL, { customUserId: 'user_Ab3dE5gH', emailVerified: false }),
          createdAt: serverTimestamp(),
        }),
      );
      // A free id without its reservation, or reserved for someone else.
      await assertFails(
        setDoc(doc(as(CAROL), 'users', CAROL), {
          ...publicProfile(CAROL, { customUserId: 'user_Carol000', emailVerified: false }),
          createdAt: serverTimestamp(),
        }),
      );
      await assertFails(register(CAROL, 'user_Carol000', BOB));
      await assertSucceeds(register(CAROL, 'user_Carol000'));
    });

    it('is reserved once per account and never reassigned', async () => {
      await assertSucceeds(register(CAROL, 'user_Carol000'));
      // A second reservation beside the id the profile already holds.
      await assertFails(
        setDoc(doc(as(CAROL), 'customUserIds', 'user_Carol001'), {
          uid: CAROL,
          createdAt: serverTimestamp(),
        }),
      );
      await assertFails(
        setDoc(doc(as(CAROL), 'customUserIds', 'user_Ab3dE5gH'), {
          uid: CAROL,
          createdAt: serverTimestamp(),
        }),
      );
      await assertFails(updateDoc(doc(as(BOB), 'customUserIds', 'user_Ab3dE5gH'), { uid: CAROL }));
      await assertFails(deleteDoc(doc(as(BOB), 'customUserIds', 'user_Ab3dE5gH')));
      await assertSucceeds(getDoc(doc(as(CAROL), 'customUserIds', 'user_Ab3dE5gH')));
      await assertFails(getDoc(doc(anon(), 'customUserIds', 'user_Ab3dE5gH')));
    });
  });

  describe('createdAt', () => {
    it('is set once: an owner cannot make their account look new', async () => {
      const mine = doc(as(ALICE), 'users', ALICE);
      await assertFails(updateDoc(mine, { createdAt: serverTimestamp() }));
      await assertFails(updateDoc(mine, { createdAt: Timestamp.now() }));
      await assertFails(updateDoc(mine, { createdAt: deleteField() }));
      await assertSucceeds(updateDoc(mine, { bio: 'こんにちは', updatedAt: serverTimestamp() }));
      await assertSucceeds(
        updateDoc(mine, { createdAt: Timestamp.fromDate(new Date(2024, 0, 1)) }),
      );
    });
  });

  describe('the account address', () => {
    const account = (db: Firestore, email: string) =>
      setDoc(doc(db, 'users', ALICE, 'private', 'account'), {
        email,
        updatedAt: serverTimestamp(),
      });

    it("is the ID token's own address: written at sign-up, before it is verified", async () => {
      const unverified = as(ALICE, { email_verified: false });
      await assertFails(account(unverified, 'someone-else@example.com'));
      await assertFails(account(as(ALICE), 'someone-else@example.com'));
      await assertSucceeds(account(unverified, `${ALICE}@example.com`));
    });

    it('changes only to an address the token says is verified', async () => {
      await seed(`users/${ALICE}/private/account`, { email: `${ALICE}@example.com` });
      const moved = 'moved@example.com';
      await assertFails(account(as(ALICE, { email: moved, email_verified: false }), moved));
      await assertFails(account(as(ALICE), moved));
      await assertSucceeds(account(as(ALICE, { email: moved }), moved));
    });
  });

  describe('the photo', () => {
    it("is in the owner's own folder or none", async () => {
      const db = as(ALICE);
      const photo = (url: string, path: string) =>
        updateDoc(doc(db, 'users', ALICE), { photoURL: url, photoPath: path });
      await assertSucceeds(photo(STORAGE_URL(ALICE), `users/${ALICE}/1_p.png`));
      await assertSucceeds(photo('', ''));
      await assertFails(photo(STORAGE_URL(BOB), `users/${BOB}/1_p.png`));
      await assertFails(photo(STORAGE_URL(ALICE), `users/${BOB}/1_p.png`));
      await assertFails(photo(STORAGE_URL(ALICE), `events/${ALICE}/1_p.png`));
      await assertFails(photo('https://tracker.example/pixel.gif', ''));
      await assertFails(photo(`https://evil.example/v0/b/x/o/users%2F${ALICE}%2F1_p.png`, ''));
      await assertFails(photo(STORAGE_URL(ALICE), `users/${ALICE}/${'a'.repeat(1100)}`));
    });

    it('keeps a photo an older version stored, as long as it is not changed', async () => {
      await seed(
        `users/${ALICE}`,
        publicProfile(ALICE, { photoURL: 'https://legacy.example/a.png', photoPath: '' }),
      );
      await assertSucceeds(updateDoc(doc(as(ALICE), 'users', ALICE), { bio: 'こんにちは' }));
    });
  });
});
