import { describe, expect, it } from 'vitest';
import type { NewUserDocument } from '@/domain/entities/user';
import type { HarnessFactory } from './harness';
import { expectFailure, useHarness } from './support';

function newDoc(uid: string, overrides: Partial<NewUserDocument> = {}): NewUserDocument {
  return {
    email: `${uid}@example.com`,
    displayName: '新規 ユーザー',
    photoURL: '',
    bio: 'よろしくお願いします',
    location: '東京都',
    gender: 'female',
    birthDate: '1990-01-01',
    emailVerified: false,
    customUserId: 'user_Ab3dE5gH',
    firebaseUid: uid,
    agreedToTerms: true,
    ...overrides,
  };
}

const closeToNow = (d: Date | null) => d !== null && Math.abs(d.getTime() - Date.now()) < 60_000;

export function usersContract(makeHarness: HarnessFactory): void {
  describe('users port', () => {
    const h = useHarness(makeHarness);

    it('creates the profile with server times, agreedAt only when the terms were accepted', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('作成者');
      await backend.users.create(uid, newDoc(uid, { displayName: '作成 花子' }));
      const profile = await backend.users.get(uid);
      expect(profile).toMatchObject({
        id: uid,
        email: `${uid}@example.com`,
        displayName: '作成 花子',
        bio: 'よろしくお願いします',
        location: '東京都',
        gender: 'female',
        birthDate: '1990-01-01',
        emailVerified: false,
        customUserId: 'user_Ab3dE5gH',
        firebaseUid: uid,
        role: 'user',
      });
      expect(closeToNow(profile!.agreedAt)).toBe(true);
      expect(closeToNow(profile!.createdAt)).toBe(true);

      const other = await h().signUpAs('未同意');
      await backend.users.create(other, newDoc(other, { agreedToTerms: false }));
      expect((await backend.users.get(other))!.agreedAt).toBeNull();
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

    it("shows my own email, and another user's only where the harness says the client may read it", async () => {
      const { backend } = h();
      const a = await h().signUpAs('メール 一郎');
      const b = await h().signUpAs('メール 二郎');
      const bEmail = (await backend.users.get(b))!.email;
      expect(bEmail).toMatch(/@example\.com$/);
      await h().signInAs(a);
      const aEmail = (await backend.users.get(a))!.email;
      expect(aEmail).toMatch(/@example\.com$/);
      expect(aEmail).not.toBe(bEmail);
      const expected = h().readsOthersEmail ? bEmail : '';
      expect((await backend.users.get(b))!.email).toBe(expected);
      expect((await backend.users.getMany([b]))[0]!.email).toBe(expected);
    });

    it('updates only the given profile fields', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('編集 前');
      await backend.users.update(uid, { bio: '週末はテニスをしています', location: '大阪府' });
      const profile = await backend.users.get(uid);
      expect(profile).toMatchObject({
        displayName: '編集 前',
        bio: '週末はテニスをしています',
        location: '大阪府',
      });
      await backend.users.update(uid, { displayName: '編集 後' });
      expect(await backend.users.get(uid)).toMatchObject({
        displayName: '編集 後',
        bio: '週末はテニスをしています',
      });
    });

    it('marks the profile verified and records the login', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('記録');
      await backend.users.create(uid, newDoc(uid));
      expect((await backend.users.get(uid))!.emailVerified).toBe(false);
      await backend.users.markEmailVerified(uid);
      expect((await backend.users.get(uid))!.emailVerified).toBe(true);

      await backend.users.recordLogin(uid);
      const profile = await backend.users.get(uid);
      expect(profile!.isActive).toBe(true);
      expect(closeToNow(profile!.lastLoginAt)).toBe(true);
    });

    it("refuses to write anyone else's profile, and a missing one", async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      const me = await h().signUpAs('本人');
      await expectFailure(backend.users.create(other, newDoc(other)), 'permission-denied');
      await expectFailure(backend.users.update(other, { bio: '書き換え' }), 'permission-denied');
      await expectFailure(backend.users.markEmailVerified(other), 'permission-denied');
      await expectFailure(backend.users.recordLogin(other), 'permission-denied');
      expect((await backend.users.get(other))!.bio).not.toBe('書き換え');

      // An account whose profile was never written: nothing is created on its behalf.
      await h().signOut();
      const bare = await backend.auth.signUp(
        `bare-${me.slice(0, 6)}@example.com`,
        'contract-pass1',
        '未登録',
      );
      await expectFailure(backend.users.update(bare.uid, { bio: 'x' }), 'permission-denied');
      await expectFailure(backend.users.markEmailVerified(bare.uid), 'permission-denied');
      await backend.users.recordLogin(bare.uid);
      expect(await backend.users.get(bare.uid)).toBeNull();
    });

    it('throws when profiles cannot be read', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('読めない');
      h().failReads({ collection: 'users', code: 'unavailable' });
      await expectFailure(backend.users.get(uid), 'unavailable');
      await expectFailure(backend.users.getMany([uid]), 'unavailable');
    });
  });
}
