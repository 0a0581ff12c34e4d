import { describe, expect, it } from 'vitest';
import { ERR } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { expectFailure, expectRejection, useHarness } from './support';

/** Bytes the test can compare after the round trip; the type is what storage checks. */
const png = (name: string, content = 'png-bytes') =>
  new File([content], name, { type: 'image/png' });

/**
 * Uploads go into the signed-in user's own folder (events/${uid}/…, users/${uid}/…), the only
 * places storage.rules let a user write, and where the features put event and profile images.
 */
export function filesContract(makeHarness: HarnessFactory): void {
  describe('files port', () => {
    const h = useHarness(makeHarness);

    it('refuses a missing or empty file', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('アップロード');
      await expectRejection(
        backend.files.upload(`events/${uid}`, undefined as unknown as File),
        ERR.invalidFile,
      );
      await expectRejection(
        backend.files.upload(`events/${uid}`, new File([], 'empty.png', { type: 'image/png' })),
        '有効なファイルが選択されていません',
      );
    });

    it('stores under folder/timestamp_name and resolves a URL that serves the same bytes', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('アップロード');
      const content = 'not really a picture, but typed as one';
      const file = png('photo.png', content);
      const progress: number[] = [];
      const before = Date.now();
      const { url, path } = await backend.files.upload(`events/${uid}`, file, (p) =>
        progress.push(p),
      );

      expect(path.startsWith(`events/${uid}/`)).toBe(true);
      const m = /^(\d+)_photo\.png$/.exec(path.slice(`events/${uid}/`.length));
      expect(m).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThanOrEqual(before);
      expect(Number(m![1])).toBeLessThanOrEqual(Date.now());

      const response = await fetch(url);
      expect(await response.text()).toBe(content);

      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)).toBe(100);
      expect(
        progress.every((p, i) => p >= 0 && p <= 100 && (i === 0 || p >= progress[i - 1]!)),
      ).toBe(true);
    });

    it("refuses another user's folder, a non-image and an oversized image as a failed upload", async () => {
      const { backend } = h();
      const other = await h().signUpAs('他人');
      const uid = await h().signUpAs('アップロード');
      await expectRejection(
        backend.files.upload(`events/${other}`, png('a.png')),
        ERR.uploadFailed,
      );
      await expectRejection(backend.files.upload('events', png('a.png')), ERR.uploadFailed);
      await expectRejection(
        backend.files.upload(
          `events/${uid}`,
          new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', {
            type: 'image/svg+xml',
          }),
        ),
        ERR.uploadFailed,
      );
      await expectRejection(
        backend.files.upload(`events/${uid}`, png('big.png', 'x'.repeat(5 * 1024 * 1024 + 1))),
        ERR.uploadFailed,
      );
      await h().signOut();
      await expectRejection(backend.files.upload(`events/${uid}`, png('a.png')), ERR.uploadFailed);
    });

    it('refuses an upload by a suspended account, and event and team images by an unverified one', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('アップロード');
      const { path } = await backend.files.upload(`users/${uid}`, png('before.png'));
      await h().setSuspended(uid, true);
      for (const area of ['users', 'events', 'teams']) {
        await expectRejection(
          backend.files.upload(`${area}/${uid}`, png('a.png')),
          ERR.uploadFailed,
        );
      }
      await expectFailure(backend.files.remove(path), 'permission-denied');
      await h().setSuspended(uid, false);
      await expect(backend.files.remove(path)).resolves.toBeUndefined();

      const unverified = await h().signUpUnverifiedAs('未確認');
      await expectRejection(
        backend.files.upload(`events/${unverified}`, png('a.png')),
        ERR.uploadFailed,
      );
      await expectRejection(
        backend.files.upload(`teams/${unverified}`, png('a.png')),
        ERR.uploadFailed,
      );
      const photo = await backend.files.upload(`users/${unverified}`, png('me.png'));
      expect(photo.path.startsWith(`users/${unverified}/`)).toBe(true);
    });

    it("refuses to remove another user's file", async () => {
      const { backend } = h();
      const owner = await h().signUpAs('持ち主');
      const { path } = await backend.files.upload(`users/${owner}`, png('a.png'));
      await h().signUpAs('他人');
      await expectFailure(backend.files.remove(path), 'permission-denied');
      await h().signInAs(owner);
      await expect(backend.files.remove(path)).resolves.toBeUndefined();
    });

    it('removes a stored file, and treats a missing one as already removed', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('削除');
      const { path } = await backend.files.upload(`users/${uid}`, png('a.png'));
      expect(path.startsWith(`users/${uid}/`)).toBe(true);
      await expect(backend.files.remove(path)).resolves.toBeUndefined();
      await expect(backend.files.remove(path)).resolves.toBeUndefined();
      await expect(
        backend.files.remove(`users/${uid}/never-uploaded.png`),
      ).resolves.toBeUndefined();
    });
  });
}
