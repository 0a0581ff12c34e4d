import Dexie from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { createLocalBackend, type LocalBackend } from './create-local-backend';
import { DEMO_PASSWORD, DEMO_UIDS } from './seed';

let backend: LocalBackend | null = null;

afterEach(async () => {
  if (!backend) return;
  await backend.auth.signOut();
  backend.close();
  await Dexie.delete(backend.db.name);
  backend = null;
});

it('seeds each demo profile showing only what its owner chose, the values kept private', async () => {
  backend = await createLocalBackend({
    dbName: `seed-profiles-${crypto.randomUUID()}`,
    origin: 'https://demo.example',
    passwordIterations: 1000,
  });
  const users = backend.users;
  expect(await users.get(DEMO_UIDS.hanako)).toMatchObject({ gender: '', birthDate: '', age: null });
  expect(await users.get(DEMO_UIDS.ichiro)).toMatchObject({
    gender: 'male',
    birthDate: '1990-01-20',
    age: null,
  });
  const organizer = await users.get(DEMO_UIDS.organizer);
  expect(organizer).toMatchObject({ gender: 'male', birthDate: '' });
  expect(organizer?.age).toBeGreaterThan(30);

  await backend.auth.signIn('hanako@example.com', DEMO_PASSWORD);
  expect(await users.getPrivateProfile(DEMO_UIDS.hanako)).toEqual({
    gender: 'female',
    birthDate: '1995-09-03',
    genderVisibility: 'private',
    birthDateVisibility: 'private',
  });
  // Nothing for the owner's session to move or bring up to date.
  expect(await users.syncPublicProfile(DEMO_UIDS.hanako)).toBe(false);
});
