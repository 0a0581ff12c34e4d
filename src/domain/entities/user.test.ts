import { generateCustomUserId, newUserDocument, userProfileSchema } from '@/domain/entities/user';

describe('userProfileSchema (docs/domain.md "Entities")', () => {
  it('fills a bare document with the defaults', () => {
    const p = userProfileSchema.parse({ id: 'u1' });
    expect(p).toMatchObject({
      id: 'u1',
      email: '',
      displayName: '',
      photoURL: '',
      bio: '',
      location: '',
      gender: '',
      birthDate: '',
      emailVerified: false,
      customUserId: '',
      firebaseUid: '',
      agreedAt: null,
      role: 'user',
      lastLoginAt: null,
      isActive: true,
    });
  });

  it('falls back to 15 Aug 2023 for a missing or unreadable createdAt', () => {
    expect(userProfileSchema.parse({ id: 'u1' }).createdAt).toEqual(new Date(2023, 7, 15));
    expect(userProfileSchema.parse({ id: 'u1', createdAt: null }).createdAt).toEqual(
      new Date(2023, 7, 15),
    );
    expect(userProfileSchema.parse({ id: 'u1', createdAt: 'garbage' }).createdAt).toEqual(
      new Date(2023, 7, 15),
    );
  });

  it('hands out a fresh fallback date each time so one caller cannot mutate another', () => {
    const a = userProfileSchema.parse({ id: 'a' }).createdAt;
    a.setFullYear(1999);
    expect(userProfileSchema.parse({ id: 'b' }).createdAt).toEqual(new Date(2023, 7, 15));
  });

  it('keeps a stored createdAt in any shape', () => {
    const when = new Date(2024, 0, 2, 3, 4, 5);
    expect(
      userProfileSchema.parse({ id: 'u1', createdAt: { toDate: () => when } }).createdAt,
    ).toEqual(when);
    expect(
      userProfileSchema.parse({
        id: 'u1',
        createdAt: { seconds: when.getTime() / 1000, nanoseconds: 0 },
      }).createdAt,
    ).toEqual(when);
  });

  it.each(['user', 'moderator', 'admin'] as const)('keeps the role %s', (role) => {
    expect(userProfileSchema.parse({ id: 'u1', role }).role).toBe(role);
  });

  it.each([[undefined], [null], [''], ['superuser'], ['Admin']])(
    'reads role %j as user',
    (role) => {
      expect(userProfileSchema.parse({ id: 'u1', role }).role).toBe('user');
    },
  );

  it('keeps agreedAt, lastLoginAt and isActive when stored', () => {
    const t = new Date(2024, 5, 1, 12);
    const p = userProfileSchema.parse({
      id: 'u1',
      agreedAt: t,
      lastLoginAt: t.toISOString(),
      isActive: true,
    });
    expect(p.agreedAt).toEqual(t);
    expect(p.lastLoginAt).toEqual(t);
    expect(p.isActive).toBe(true);
  });
});

describe('generateCustomUserId', () => {
  it('is "user_" plus 8 alphanumerics', () => {
    for (let i = 0; i < 50; i++) expect(generateCustomUserId()).toMatch(/^user_[A-Za-z0-9]{8}$/);
  });

  it('differs between calls', () => {
    const ids = new Set(Array.from({ length: 20 }, () => generateCustomUserId()));
    expect(ids.size).toBe(20);
  });

  it('maps random bytes onto the alphabet and skips the bytes that would bias it', () => {
    // 248..255 are rejected; 0 → A, 26 → a, 52 → 0, 61 → 9, 62 → A again, 1 → B, 27 → b, 53 → 1.
    const bytes = [255, 248, 0, 26, 52, 61, 62, 1, 27, 53];
    const random = (n: number) => Uint8Array.from({ length: n }, (_, i) => bytes[i] ?? 0);
    expect(generateCustomUserId(random)).toBe('user_Aa09ABb1');
  });
});

describe('newUserDocument', () => {
  it('writes the identity, empty profile fields, emailVerified false and a fresh customUserId', () => {
    const doc = newUserDocument({
      uid: 'u1',
      email: 'a@example.com',
      displayName: '山田',
      agreedToTerms: true,
    });
    expect(doc).toEqual({
      email: 'a@example.com',
      displayName: '山田',
      photoURL: '',
      bio: '',
      location: '',
      gender: '',
      birthDate: '',
      emailVerified: false,
      customUserId: expect.stringMatching(/^user_[A-Za-z0-9]{8}$/),
      firebaseUid: 'u1',
      agreedToTerms: true,
    });
  });
});
