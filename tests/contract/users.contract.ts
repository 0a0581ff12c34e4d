import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS } from '@/domain/entities/email-settings';
import {
  generateCustomUserId,
  type NewUserDocument,
  type ProfileSave,
} from '@/domain/entities/user';
import { ERR } from '@/domain/errors';
import { ageOn } from '@/domain/profile';
import type { HarnessFactory } from './harness';
import { expectFailure, expectRejection, useHarness } from './support';

function newDoc(uid: string, overrides: Partial<NewUserDocument> = {}): NewUserDocument {
  return {
    email: `${uid}@example.com`,
    displayName: '新規 ユーザー',
    photoURL: '',
    bio: 'よろしくお願いします',
    location: '東京都',
    gender: '',
    birthDate: '',
    emailVerified: false,
    customUserId: generateCustomUserId(),
    firebaseUid: uid,
    agreedToTerms: true,
    ...overrides,
  };
}

function save(overrides: Partial<ProfileSave> = {}): ProfileSave {
  return {
    displayName: '設定 花子',
    bio: '週末はテニスをしています',
    location: '大阪府',
    gender: 'female',
    birthDate: '1990-04-01',
    genderVisibility: 'private',
    birthDateVisibility: 'private',
    photoURL: '',
    photoPath: '',
    ...overrides,
  };
}

const closeToNow = (d: Date | null) => d !== null && Math.abs(d.getTime() - Date.now()) < 60_000;

export function usersContract(makeHarness: HarnessFactory): void {
  describe('users port', () => {
    const h = useHarness(makeHarness);

    /** A new account without its profile yet, signed in, as right after the auth sign-up. */
    const bareAccount = async (): Promise<string> => {
      const email = `bare-${crypto.randomUUID().slice(0, 8)}@example.com`;
      return (await h().backend.auth.signUp(email, 'contract-pass1', '作成者')).uid;
    };
    /** The signed-in account's own address, the only one its profile may hold. */
    const myEmail = () => h().backend.auth.currentUser()!.email;

    it('creates the profile with server times, agreedAt only when the terms were accepted', async () => {
      const { backend } = h();
      const uid = await bareAccount();
      const email = myEmail();
      expect(
        await backend.users.create(
          uid,
          newDoc(uid, { email, displayName: '作成 花子', customUserId: 'user_Ab3dE5gH' }),
        ),
      ).toBe(true);
      const profile = await backend.users.get(uid);
      expect(profile).toMatchObject({
        id: uid,
        email,
        displayName: '作成 花子',
        bio: 'よろしくお願いします',
        location: '東京都',
        gender: '',
        birthDate: '',
        age: null,
        emailVerified: false,
        customUserId: 'user_Ab3dE5gH',
        firebaseUid: uid,
        role: 'user',
      });
      expect(closeToNow(profile!.agreedAt)).toBe(true);
      expect(closeToNow(profile!.createdAt)).toBe(true);

      const other = await bareAccount();
      await backend.users.create(other, newDoc(other, { email: myEmail(), agreedToTerms: false }));
      expect((await backend.users.get(other))!.agreedAt).toBeNull();
    });

    it('creates a profile once: a second create writes nothing and resolves false', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('一度だけ');
      await backend.users.saveProfile(uid, save({ displayName: '保存済み' }));
      const before = await backend.users.get(uid);
      expect(await backend.users.create(uid, newDoc(uid, { customUserId: 'user_Zz9yX8wV' }))).toBe(
        false,
      );
      expect(await backend.users.get(uid)).toEqual(before);
    });

    it("reserves the public user id: a second account cannot take another's", async () => {
      const { backend } = h();
      const first = await bareAccount();
      const id = generateCustomUserId();
      await backend.users.create(first, newDoc(first, { email: myEmail(), customUserId: id }));
      const second = await bareAccount();
      await expectRejection(
        backend.users.create(second, newDoc(second, { email: myEmail(), customUserId: id })),
        ERR.customUserIdTaken,
      );
      expect(await backend.users.get(second)).toBeNull();
      expect(await backend.users.create(second, newDoc(second, { email: myEmail() }))).toBe(true);
      expect((await backend.users.get(first))!.customUserId).toBe(id);
    });

    it("holds only the account's own address, and keeps createdAt through every save", async () => {
      const { backend } = h();
      const uid = await bareAccount();
      await expectFailure(
        backend.users.create(uid, newDoc(uid, { email: 'someone-else@example.com' })),
        'permission-denied',
      );
      expect(await backend.users.get(uid)).toBeNull();
      await backend.users.create(uid, newDoc(uid, { email: myEmail() }));
      const created = (await backend.users.get(uid))!.createdAt;
      await backend.users.saveProfile(uid, save({ displayName: '保存 太郎' }));
      await backend.users.recordLogin(uid);
      expect((await backend.users.get(uid))!.createdAt).toEqual(created);
    });

    it("refuses to write anyone else's profile, and a missing one", async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      await h().signUpAs('本人');
      await expectFailure(backend.users.create(other, newDoc(other)), 'permission-denied');
      await expectFailure(backend.users.saveProfile(other, save()), 'permission-denied');
      await expectFailure(backend.users.markEmailVerified(other), 'permission-denied');
      await expectFailure(backend.users.recordLogin(other), 'permission-denied');
      expect((await backend.users.get(other))!.displayName).toBe('他人');

      // An account whose profile was never written: nothing is created on its behalf.
      await h().signOut();
      const bare = await bareAccount();
      await expectRejection(backend.users.saveProfile(bare, save()), ERR.profileNotFound);
      await expectFailure(backend.users.markEmailVerified(bare), 'permission-denied');
      await backend.users.recordLogin(bare);
      expect(await backend.users.get(bare)).toBeNull();
    });

    it('throws when profiles cannot be read', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('読めない');
      h().failReads({ collection: 'users', code: 'unavailable' });
      await expectFailure(backend.users.get(uid), 'unavailable');
      await expectFailure(backend.users.getMany([uid]), 'unavailable');
    });

    it("throws when the owner's private documents cannot be read", async () => {
      const { backend } = h();
      const uid = await h().signUpAs('読めない');
      h().failReads({ collection: 'private', code: 'unavailable' });
      await expectFailure(backend.users.getPrivateProfile(uid), 'unavailable');
      await expectFailure(backend.users.getEmailSettings(uid), 'unavailable');
    });

    it('returns null for a missing profile, and getMany leaves missing ones out', async () => {
      const { backend } = h();
      const a = await h().signUpAs('一人目');
      const b = await h().signUpAs('二人目');
      expect(await backend.users.get('no-such-user')).toBeNull();
      const many = await backend.users.getMany([b, 'no-such-user', a, '', b]);
      // In the order asked, each once.
      expect(many.map((p) => p.id)).toEqual([b, a]);
      expect(many.find((p) => p.id === b)?.displayName).toBe('二人目');
    });

    it('getMany reads 65 profiles at once, in the order asked', async () => {
      const { backend } = h();
      await h().signUpAs('読む人');
      const ids = Array.from({ length: 65 }, (_, i) => `many-${String(i).padStart(2, '0')}`);
      await h().putDocuments(
        ids.map((id, i) => ({ path: `users/${id}`, data: { displayName: `利用者${i}` } })),
      );
      const asked = [...ids].reverse();
      const many = await backend.users.getMany(asked);
      expect(many.map((p) => p.id)).toEqual(asked);
      expect(many[0]!.displayName).toBe('利用者64');
    });

    it("shows my own email and never another user's (private/account is the owner's and staff's)", async () => {
      const { backend } = h();
      const a = await h().signUpAs('メール 一郎');
      const b = await h().signUpAs('メール 二郎');
      const bEmail = (await backend.users.get(b))!.email;
      expect(bEmail).toMatch(/@example\.com$/);
      await h().signInAs(a);
      const aEmail = (await backend.users.get(a))!.email;
      expect(aEmail).toMatch(/@example\.com$/);
      expect(aEmail).not.toBe(bEmail);
      expect((await backend.users.get(b))!.email).toBe('');
      expect((await backend.users.getMany([b]))[0]!.email).toBe('');
    });

    describe('saveProfile and privacy', () => {
      it('saves the public fields and keeps a hidden gender and birth date for the owner only', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('持ち主');
        await backend.users.saveProfile(owner, save());
        expect(await backend.users.get(owner)).toMatchObject({
          displayName: '設定 花子',
          bio: '週末はテニスをしています',
          location: '大阪府',
          gender: '',
          birthDate: '',
          age: null,
        });
        expect(await backend.users.getPrivateProfile(owner)).toEqual({
          gender: 'female',
          birthDate: '1990-04-01',
          genderVisibility: 'private',
          birthDateVisibility: 'private',
        });

        // A stranger reads the public profile only, and is refused the private one.
        await h().signUpAs('他人');
        expect(await backend.users.get(owner)).toMatchObject({
          gender: '',
          birthDate: '',
          age: null,
        });
        await expectFailure(backend.users.getPrivateProfile(owner), 'permission-denied');
        await h().signOut();
        expect(await backend.users.get(owner)).toMatchObject({ gender: '', birthDate: '' });
        await expectFailure(backend.users.getPrivateProfile(owner), 'permission-denied');
      });

      it('shows the gender, the birth date or the age alone, as the owner chose', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('公開する人');
        await backend.users.saveProfile(
          owner,
          save({ genderVisibility: 'public', birthDateVisibility: 'date' }),
        );
        await h().signUpAs('見る人');
        expect(await backend.users.get(owner)).toMatchObject({
          gender: 'female',
          birthDate: '1990-04-01',
          age: null,
        });

        await h().signInAs(owner);
        await backend.users.saveProfile(owner, save({ birthDateVisibility: 'age' }));
        const shown = (await backend.users.getMany([owner]))[0]!;
        expect(shown).toMatchObject({ gender: '', birthDate: '' });
        expect(shown.age).toBe(ageOn('1990-04-01', new Date()));
      });

      it('shows no gender for 回答しない even when the gender is public', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('回答しない人');
        await backend.users.saveProfile(
          owner,
          save({ gender: 'unspecified', genderVisibility: 'public' }),
        );
        expect((await backend.users.get(owner))!.gender).toBe('');
        expect((await backend.users.getPrivateProfile(owner)).gender).toBe('unspecified');
      });

      it("refuses someone else's profile, a signed-out save, a suspended owner and a photo outside the owner's folder", async () => {
        const { backend } = h();
        const owner = await h().signUpAs('守られる人');
        await h().signUpAs('書き換えたい人');
        await expectFailure(backend.users.saveProfile(owner, save()), 'permission-denied');
        await h().signOut();
        await expectRejection(backend.users.saveProfile(owner, save()), ERR.loginRequired);

        await h().signInAs(owner);
        await expectFailure(
          backend.users.saveProfile(owner, save({ photoPath: 'users/someone-else/1_a.png' })),
          'permission-denied',
        );
        await h().serverUpdate('users', owner, { isActive: false });
        await expectRejection(backend.users.saveProfile(owner, save()), ERR.accountSuspended);
        expect((await backend.users.get(owner))!.displayName).toBe('守られる人');
      });

      it('refuses values the settings form refuses', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('長すぎる人');
        // The form's own messages (profileEditSchema), the same on both backends.
        await expect(
          backend.users.saveProfile(owner, save({ displayName: 'あ'.repeat(31) })),
        ).rejects.toThrow('表示名は30文字以内で入力してください');
        await expect(
          backend.users.saveProfile(owner, save({ birthDate: '2999-01-01' })),
        ).rejects.toThrow('生年月日に未来の日付は指定できません');
        expect((await backend.users.get(owner))!.displayName).toBe('長すぎる人');
      });

      it('keeps the photo URL and path of the owner', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('写真の人');
        const photo = {
          photoURL: `https://firebasestorage.googleapis.com/v0/b/demo-bucket/o/users%2F${owner}%2F1_p.png?alt=media`,
          photoPath: `users/${owner}/1_p.png`,
        };
        await backend.users.saveProfile(owner, save(photo));
        expect(await backend.users.get(owner)).toMatchObject(photo);
      });
    });

    describe('syncPublicProfile', () => {
      it('hides values an older version left public, keeping them for the owner', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('昔の人');
        await h().serverUpdate('users', owner, { gender: 'male', birthDate: '1980-02-03' });
        expect(await backend.users.getPrivateProfile(owner)).toEqual({
          gender: 'male',
          birthDate: '1980-02-03',
          genderVisibility: 'private',
          birthDateVisibility: 'private',
        });
        expect(await backend.users.syncPublicProfile(owner)).toBe(true);
        expect(await backend.users.get(owner)).toMatchObject({ gender: '', birthDate: '' });
        expect((await backend.users.getPrivateProfile(owner)).birthDate).toBe('1980-02-03');
        expect(await backend.users.syncPublicProfile(owner)).toBe(false);
      });

      it('brings a shown age up to date', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('歳を取る人');
        await backend.users.saveProfile(owner, save({ birthDateVisibility: 'age' }));
        const age = ageOn('1990-04-01', new Date())!;
        expect(await backend.users.syncPublicProfile(owner)).toBe(false);
        await h().serverUpdate('users', owner, { age: age - 1 });
        expect(await backend.users.syncPublicProfile(owner)).toBe(true);
        expect((await backend.users.get(owner))!.age).toBe(age);
      });

      it("is the owner's only", async () => {
        const { backend } = h();
        const owner = await h().signUpAs('本人');
        await h().signUpAs('他人');
        await expectFailure(backend.users.syncPublicProfile(owner), 'permission-denied');
      });
    });

    describe('email settings', () => {
      it('sends everything until the owner switches a kind off', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('設定する人');
        expect(await backend.users.getEmailSettings(owner)).toEqual(DEFAULT_EMAIL_SETTINGS);
        const off = { ...DEFAULT_EMAIL_SETTINGS, participationApproved: false };
        await backend.users.saveEmailSettings(owner, off);
        expect(await backend.users.getEmailSettings(owner)).toEqual(off);
        await backend.users.saveEmailSettings(owner, DEFAULT_EMAIL_SETTINGS);
        expect(await backend.users.getEmailSettings(owner)).toEqual(DEFAULT_EMAIL_SETTINGS);
      });

      it('is read and written by the signed-in owner only', async () => {
        const { backend } = h();
        const owner = await h().signUpAs('本人');
        await h().signUpAs('のぞく人');
        await expectFailure(backend.users.getEmailSettings(owner), 'permission-denied');
        await expectFailure(
          backend.users.saveEmailSettings(owner, DEFAULT_EMAIL_SETTINGS),
          'permission-denied',
        );
        await h().signOut();
        await expectFailure(backend.users.getEmailSettings(owner), 'permission-denied');
        await expectRejection(
          backend.users.saveEmailSettings(owner, DEFAULT_EMAIL_SETTINGS),
          ERR.loginRequired,
        );
      });
    });

    it('marks the profile verified and records the login', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('記録');
      await h().serverUpdate('users', uid, { emailVerified: false });
      expect((await backend.users.get(uid))!.emailVerified).toBe(false);
      await backend.users.markEmailVerified(uid);
      expect((await backend.users.get(uid))!.emailVerified).toBe(true);

      await backend.users.recordLogin(uid);
      const profile = await backend.users.get(uid);
      expect(profile!.isActive).toBe(true);
      expect(closeToNow(profile!.lastLoginAt)).toBe(true);
    });
  });
}
