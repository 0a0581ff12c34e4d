import { describe, expect, it } from 'vitest';
import { ERR } from '@/domain/errors';
import type { HarnessFactory } from './harness';
import { expectRejection, useHarness } from './support';

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
      const content = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
      const file = new File([content], 'photo.svg', { type: 'image/svg+xml' });
      const progress: number[] = [];
      const before = Date.now();
      const { url, path } = await backend.files.upload(`events/${uid}`, file, (p) =>
        progress.push(p),
      );

      expect(path.startsWith(`events/${uid}/`)).toBe(true);
      const m = /^(\d+)_photo\.svg$/.exec(path.slice(`events/${uid}/`.length));
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

    it('removes a stored file, and treats a missing one as already removed', async () => {
      const { backend } = h();
      const uid = await h().signUpAs('削除');
      const { path } = await backend.files.upload(
        `users/${uid}`,
        new File(['x'], 'a.png', { type: 'image/png' }),
      );
      expect(path.startsWith(`users/${uid}/`)).toBe(true);
      await expect(backend.files.remove(path)).resolves.toBeUndefined();
      await expect(backend.files.remove(path)).resolves.toBeUndefined();
      await expect(
        backend.files.remove(`users/${uid}/never-uploaded.png`),
      ).resolves.toBeUndefined();
    });
  });
}
