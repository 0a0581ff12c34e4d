// @vitest-environment node
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { deleteObject, getBytes, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_UPLOAD_BYTES, UPLOADABLE_IMAGE_TYPES } from '@/domain/constants';

/**
 * storage.rules, one assertSucceeds and at least one assertFails per rule. Needs Google's Storage
 * emulator (FIREBASE_STORAGE_EMULATOR_HOST), whose rules runtime is a Java archive fetched from
 * Google on first start, and the Firestore emulator beside it (the rules read the uploader's
 * profile for their standing).
 */
const PROJECT_ID = 'demo-rules-storage';
const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;

const ALICE = 'alice';
const BOB = 'bob';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let env: RulesTestEnvironment;

function storage(ctx: RulesTestContext): FirebaseStorage {
  return ctx.storage() as unknown as FirebaseStorage;
}

/** A signed-in user with a verified address, as every legitimate uploader of event images. */
const as = (uid: string, verified = true) =>
  storage(env.authenticatedContext(uid, { email_verified: verified }));
const anon = () => storage(env.unauthenticatedContext());

function upload(
  s: FirebaseStorage,
  path: string,
  bytes: Uint8Array = PNG,
  contentType = 'image/png',
) {
  return uploadBytes(ref(s, path), bytes, { contentType, cacheControl: 'public,max-age=7200' });
}

async function seed(path: string): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    await upload(storage(ctx), path);
  });
}

describe.skipIf(!host || !firestoreHost)(
  `storage rules${host && firestoreHost ? '' : " (not run: needs Google's Storage emulator and the Firestore emulator, FIREBASE_STORAGE_EMULATOR_HOST or FIRESTORE_EMULATOR_HOST unset)"}`,
  () => {
    beforeAll(async () => {
      const [h, p] = host!.split(':');
      const [fh, fp] = firestoreHost!.split(':');
      env = await initializeTestEnvironment({
        projectId: PROJECT_ID,
        storage: { rules: readFileSync('storage.rules', 'utf8'), host: h, port: Number(p) },
        firestore: { rules: "rules_version = '2';", host: fh, port: Number(fp) },
      });
    });

    afterAll(async () => {
      await env?.cleanup();
    });

    beforeEach(async () => {
      await env.clearStorage();
      await env.clearFirestore();
    });

    async function suspend(uid: string): Promise<void> {
      await env.withSecurityRulesDisabled(async (ctx) => {
        const db = ctx.firestore() as unknown as Firestore;
        await setDoc(doc(db, 'users', uid), { displayName: uid, isActive: false });
      });
    }

    for (const folder of ['events', 'users', 'teams']) {
      describe(`${folder}/{uid}`, () => {
        it('lets the owner upload an image into their own folder', async () => {
          await assertSucceeds(upload(as(ALICE), `${folder}/${ALICE}/1700000000000_photo.png`));
          await assertFails(upload(as(BOB), `${folder}/${ALICE}/1700000000000_photo.png`));
          await assertFails(upload(anon(), `${folder}/${ALICE}/1700000000000_photo.png`));
        });

        it('accepts images only', async () => {
          await assertSucceeds(upload(as(ALICE), `${folder}/${ALICE}/a.jpg`, PNG, 'image/jpeg'));
          await assertFails(upload(as(ALICE), `${folder}/${ALICE}/a.txt`, PNG, 'text/plain'));
          await assertFails(upload(as(ALICE), `${folder}/${ALICE}/a.html`, PNG, 'text/html'));
          await assertFails(upload(as(ALICE), `${folder}/${ALICE}/a.svg`, PNG, 'image/svg+xml'));
          await assertSucceeds(upload(as(ALICE), `${folder}/${ALICE}/a.webp`, PNG, 'image/webp'));
        });

        it('accepts up to 5 MB and refuses more, and refuses an empty file', async () => {
          await assertSucceeds(
            upload(as(ALICE), `${folder}/${ALICE}/max.png`, new Uint8Array(IMAGE_MAX_UPLOAD_BYTES)),
          );
          await assertFails(
            upload(
              as(ALICE),
              `${folder}/${ALICE}/big.png`,
              new Uint8Array(IMAGE_MAX_UPLOAD_BYTES + 1),
            ),
          );
          await assertFails(upload(as(ALICE), `${folder}/${ALICE}/empty.png`, new Uint8Array(0)));
        });

        it('refuses a suspended account, uploading or deleting, where it uploaded before', async () => {
          await seed(`${folder}/${ALICE}/old.png`);
          await assertSucceeds(upload(as(ALICE), `${folder}/${ALICE}/before.png`));
          await suspend(ALICE);
          await assertFails(upload(as(ALICE), `${folder}/${ALICE}/new.png`));
          await assertFails(deleteObject(ref(as(ALICE), `${folder}/${ALICE}/old.png`)));
        });

        it(
          folder === 'users'
            ? 'lets an unverified account upload its profile photo'
            : 'needs a verified email address to upload',
          async () => {
            const attempt = upload(as(ALICE, false), `${folder}/${ALICE}/unverified.png`);
            await (folder === 'users' ? assertSucceeds(attempt) : assertFails(attempt));
          },
        );

        it('serves images to everyone', async () => {
          await seed(`${folder}/${ALICE}/shown.png`);
          await assertSucceeds(getBytes(ref(anon(), `${folder}/${ALICE}/shown.png`)));
          await assertSucceeds(getBytes(ref(as(BOB), `${folder}/${ALICE}/shown.png`)));
        });

        it('lets only the owner delete', async () => {
          await seed(`${folder}/${ALICE}/old.png`);
          await assertFails(deleteObject(ref(as(BOB), `${folder}/${ALICE}/old.png`)));
          await assertFails(deleteObject(ref(anon(), `${folder}/${ALICE}/old.png`)));
          await assertSucceeds(deleteObject(ref(as(ALICE), `${folder}/${ALICE}/old.png`)));
        });
      });
    }

    it('denies every other path, subfolders of an own folder included', async () => {
      await assertFails(upload(as(ALICE), `events/1700000000000_photo.png`));
      for (const folder of ['events', 'users', 'teams']) {
        await assertFails(upload(as(ALICE), `${folder}/${ALICE}/sub/a.png`));
        await assertFails(upload(as(ALICE), `${folder}/${ALICE}/a/b/c.png`));
      }
      await assertFails(upload(as(ALICE), `uploads/${ALICE}/a.png`));
      await seed('private/a.png');
      await assertFails(getBytes(ref(as(ALICE), 'private/a.png')));
    });
  },
);

/**
 * Runs without the emulator: the per-object quota written in storage.rules is the domain's
 * (IMAGE_MAX_UPLOAD_BYTES, UPLOADABLE_IMAGE_TYPES), and every folder is one level under its
 * owner's uid.
 */
describe('storage.rules states the domain’s per-upload quota', () => {
  const rules = readFileSync('storage.rules', 'utf8');

  it('caps each object at IMAGE_MAX_UPLOAD_BYTES and refuses empty ones', () => {
    const cap = /request\.resource\.size <= ([\d\s*]+)\n/.exec(rules)?.[1] ?? '';
    const bytes = cap
      .split('*')
      .map((n) => Number(n.trim()))
      .reduce((a, b) => a * b, 1);
    expect(bytes).toBe(IMAGE_MAX_UPLOAD_BYTES);
    expect(rules).toContain('request.resource.size > 0');
  });

  it('accepts exactly UPLOADABLE_IMAGE_TYPES', () => {
    const pattern = /contentType\.matches\('([^']+)'\)/.exec(rules)?.[1] ?? '';
    const re = new RegExp(`^${pattern}$`);
    for (const type of UPLOADABLE_IMAGE_TYPES) expect(re.test(type), type).toBe(true);
    for (const type of ['image/svg+xml', 'text/html', 'image/png; x', 'application/pdf']) {
      expect(re.test(type), type).toBe(false);
    }
  });

  it('checks the writer’s standing on every write: active, and verified for event and team images', () => {
    const writes = [...rules.matchAll(/match \/(\w+)\/\{uid\}\/\{fileName\} \{([^}]*)\}/g)];
    expect(writes.map((m) => m[1])).toEqual(['events', 'users', 'teams']);
    for (const [, folder, body] of writes) {
      const upload = /allow create, update: if ([^;]*);/.exec(body!)?.[1] ?? '';
      const remove = /allow delete: if ([^;]*);/.exec(body!)?.[1] ?? '';
      expect(upload, folder).toContain(folder === 'users' ? 'activeUser()' : 'verifiedUser()');
      expect(remove, folder).toContain('activeUser()');
    }
    expect(rules).toMatch(
      /firestore\.get\(profilePath\(\)\)\.data\.get\('isActive', true\) != false/,
    );
  });

  it("writes only one level under the owner's folder (no recursive wildcard)", () => {
    expect(rules).not.toContain('=**}');
    for (const folder of ['events', 'users', 'teams']) {
      expect(rules).toContain(`match /${folder}/{uid}/{fileName} {`);
    }
  });
});
