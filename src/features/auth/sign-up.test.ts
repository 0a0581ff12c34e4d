import type { Backend } from '@/data/ports/backend';
import { AuthError } from '@/domain/errors';
import { logger } from '@/lib/logger';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { createTestBackend } from '@/test/render-with-backend';
import { signUp } from './sign-up';

const PASSWORD = 'Touroku2026';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('signUp (registration orchestration)', () => {
  it('creates a signed-in account and a user document with the docs/domain.md "Entities" fields', async () => {
    const backend = await createTestBackend({ seed: false });
    const { user, verificationEmailSent } = await signUp(
      backend,
      ' new@example.com ',
      PASSWORD,
      ' 新規 太郎 ',
      true,
    );

    expect(verificationEmailSent).toBe(true);
    expect(backend.auth.currentUser()?.uid).toBe(user.uid);
    expect(user.displayName).toBe('新規 太郎');

    const raw = await backend.db.users.get(user.uid);
    expect(raw).toMatchObject({
      displayName: '新規 太郎',
      photoURL: '',
      bio: '',
      location: '',
      gender: '',
      birthDate: '',
      emailVerified: false,
      firebaseUid: user.uid,
    });
    // The address lives apart from the public profile (users/{uid}/private/account).
    expect(await backend.db.privateDocs.get(`${user.uid}/account`)).toMatchObject({
      email: 'new@example.com',
    });
    expect(raw).not.toHaveProperty('email');
    expect(raw?.customUserId).toMatch(/^user_[A-Za-z0-9]{8}$/);
    expect(raw?.createdAt).toBeInstanceOf(Date);
    expect(raw?.agreedAt).toBeInstanceOf(Date);
    // Creating the account is its first sign-in; its standing is staff's to write (missing
    // means active).
    expect(raw?.lastLoginAt).toBeInstanceOf(Date);
    expect(raw).not.toHaveProperty('isActive');
    backend.close();
  });

  it('writes agreedAt null when the terms flag is false, and false is the default', async () => {
    const backend = await createTestBackend({ seed: false });
    const explicit = await signUp(backend, 'no-terms@example.com', PASSWORD, '同意なし', false);
    expect((await backend.db.users.get(explicit.user.uid))?.agreedAt).toBeNull();

    await backend.auth.signOut();
    const omitted = await signUp(backend, 'default@example.com', PASSWORD, '省略');
    expect((await backend.db.users.get(omitted.user.uid))?.agreedAt).toBeNull();
    backend.close();
  });

  it('sends the verification email to the new address with a link to /auth/action', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'mail@example.com', PASSWORD, 'メール', true);
    const [mail] = await backend.dev.outbox();
    expect(mail?.to).toBe('mail@example.com');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/auth/action');
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    backend.close();
  });

  it('keeps the email as the pending verification email and the name for the session fallback', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'Pending@Example.com', PASSWORD, '保留 花子', true);
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBe('pending@example.com');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.displayName)!)).toMatchObject({
      name: '保留 花子',
    });
    backend.close();
  });

  it('writes nothing when the address is already registered with another password', async () => {
    const backend = await createTestBackend({ seed: false });
    await signUp(backend, 'taken@example.com', PASSWORD, '最初', true);
    await backend.auth.signOut();
    localStorage.clear();
    const before = await backend.db.users.count();

    await expect(
      signUp(backend, 'taken@example.com', 'Betsu2026pass', '二人目', true),
    ).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
    });
    expect(await backend.db.users.count()).toBe(before);
    expect(backend.auth.currentUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBeNull();
    expect(await backend.dev.outbox()).toHaveLength(1);
    backend.close();
  });

  it('finishes a sign-up that stopped before its profile was written, instead of "already in use"', async () => {
    const backend = await createTestBackend({ seed: false });
    const createProfile = vi
      .spyOn(backend.users, 'create')
      .mockRejectedValueOnce(new Error('network down'));
    await expect(signUp(backend, 'half@example.com', PASSWORD, '途中 太郎', true)).rejects.toThrow(
      'network down',
    );
    createProfile.mockRestore();
    await backend.auth.signOut();

    const { user, verificationEmailSent } = await signUp(
      backend,
      'half@example.com',
      PASSWORD,
      '途中 太郎',
      true,
    );
    expect(verificationEmailSent).toBe(true);
    expect(backend.auth.currentUser()?.uid).toBe(user.uid);
    const raw = await backend.db.users.get(user.uid);
    expect(raw).toMatchObject({ displayName: '途中 太郎' });
    expect(await backend.db.privateDocs.get(`${user.uid}/account`)).toMatchObject({
      email: 'half@example.com',
    });
    expect(raw?.agreedAt).toBeInstanceOf(Date);
    // The first attempt's verification mail and the one sent again.
    expect(await backend.dev.outbox()).toHaveLength(2);
    backend.close();
  });

  it('keeps "already in use" for a verified account, even with the right password', async () => {
    const backend = await createTestBackend({ seed: true });
    await expect(
      signUp(backend, 'hanako@example.com', 'demo1234', '別の花子', true),
    ).rejects.toMatchObject({ code: 'auth/email-already-in-use' });
    expect(backend.auth.currentUser()).toBeNull();
    expect((await backend.users.get('demo-hanako'))?.displayName).toBe('佐藤 花子');
    backend.close();
  });

  it('still writes the user document when the verification email fails, and says so', async () => {
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const calls: string[] = [];
    const backend = {
      auth: {
        signUp: async (email: string, _p: string, displayName: string) => {
          calls.push('signUp');
          return { uid: 'u-1', email, displayName, photoURL: '', emailVerified: false };
        },
        sendEmailVerification: async () => {
          calls.push('sendEmailVerification');
          throw new AuthError('auth/too-many-requests');
        },
      },
      users: {
        create: async (uid: string) => {
          calls.push(`create:${uid}`);
          return true;
        },
        recordLogin: async (uid: string) => {
          calls.push(`recordLogin:${uid}`);
        },
      },
    } as unknown as Backend;

    const result = await signUp(backend, 'x@example.com', PASSWORD, 'X');
    expect(result.verificationEmailSent).toBe(false);
    expect(calls).toEqual(['signUp', 'sendEmailVerification', 'create:u-1', 'recordLogin:u-1']);
    expect(error).toHaveBeenCalledWith('signUp: sendEmailVerification', expect.any(AuthError));
    expect(localStorage.getItem(STORAGE_KEYS.pendingVerificationEmail)).toBe('x@example.com');
  });
});
