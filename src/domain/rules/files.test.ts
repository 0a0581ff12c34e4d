import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_UPLOAD_BYTES } from '@/domain/constants';
import { actorOf } from '@/test/actors';
import { mayRemoveFile, mayStoreFile } from './files';

const png = { type: 'image/png', size: 1000 };

describe('mayStoreFile', () => {
  it('lets an active, verified owner store an image in each of their folders', () => {
    for (const area of ['events', 'users', 'teams']) {
      expect(mayStoreFile(actorOf('u1'), `${area}/u1`, png)).toBe(true);
    }
  });

  it('refuses a visitor, another user’s folder and a folder outside the three areas', () => {
    expect(mayStoreFile(null, 'users/u1', png)).toBe(false);
    expect(mayStoreFile(actorOf('u1'), 'users/u2', png)).toBe(false);
    expect(mayStoreFile(actorOf('u1'), 'other/u1', png)).toBe(false);
  });

  it('refuses a suspended account everywhere, an unverified one for event and team images', () => {
    const suspended = actorOf('u1', { suspended: true });
    for (const area of ['events', 'users', 'teams']) {
      expect(mayStoreFile(suspended, `${area}/u1`, png)).toBe(false);
    }
    const unverified = actorOf('u1', { emailVerified: false });
    expect(mayStoreFile(unverified, 'events/u1', png)).toBe(false);
    expect(mayStoreFile(unverified, 'teams/u1', png)).toBe(false);
    expect(mayStoreFile(unverified, 'users/u1', png)).toBe(true);
  });

  it('refuses what is not a raster image within the size limit', () => {
    const me = actorOf('u1');
    expect(mayStoreFile(me, 'users/u1', { type: 'image/svg+xml', size: 10 })).toBe(false);
    expect(mayStoreFile(me, 'users/u1', { type: 'image/png', size: 0 })).toBe(false);
    expect(
      mayStoreFile(me, 'users/u1', { type: 'image/png', size: IMAGE_MAX_UPLOAD_BYTES + 1 }),
    ).toBe(false);
  });
});

describe('mayRemoveFile', () => {
  it('lets an active owner remove, verified or not; refuses anyone else and a suspended owner', () => {
    expect(mayRemoveFile(actorOf('u1'), 'events/u1/1_a.png')).toBe(true);
    expect(mayRemoveFile(actorOf('u1', { emailVerified: false }), 'events/u1/1_a.png')).toBe(true);
    expect(mayRemoveFile(actorOf('u1', { suspended: true }), 'users/u1/1_a.png')).toBe(false);
    expect(mayRemoveFile(actorOf('u2'), 'users/u1/1_a.png')).toBe(false);
    expect(mayRemoveFile(null, 'users/u1/1_a.png')).toBe(false);
  });
});
