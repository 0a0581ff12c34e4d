import { useCallback, useRef, useState } from 'react';
import type { UploadResult } from '@/data/ports/files';
import { useBackend } from '@/lib/backend-context';
import { uploadImage } from '@/lib/image-upload';
import { runSideEffect } from '@/lib/side-effects';

/**
 * Uploads an image (event pictures, profile photos) with a progress value for the bar (null when
 * idle). A file that already went up is not sent again: when saving fails after the upload,
 * pressing the button again retries only what failed, without picking the image again.
 */
export function useImageUpload() {
  const backend = useBackend();
  const [progress, setProgress] = useState<number | null>(null);
  const uploaded = useRef(new WeakMap<File, UploadResult>());

  const upload = useCallback(
    async (folder: string, file: File): Promise<UploadResult> => {
      const done = uploaded.current.get(file);
      if (done) return done;
      setProgress(0);
      try {
        const result = await uploadImage(backend.files, folder, file, setProgress);
        uploaded.current.set(file, result);
        return result;
      } finally {
        setProgress(null);
      }
    },
    [backend],
  );

  /** Forget an upload whose file was since removed from storage. */
  const forget = useCallback((file: File) => {
    uploaded.current.delete(file);
  }, []);

  return { upload, forget, progress };
}

/**
 * Removes a stored image that nothing points to any more. Failing here leaves an orphan file,
 * which costs storage but breaks nothing, so it never fails the action and is only logged
 * (runSideEffect).
 */
export function removeQuietly(remove: (path: string) => Promise<void>, path: string) {
  if (!path) return Promise.resolve();
  return runSideEffect('image: removing the previous file', () => remove(path));
}
