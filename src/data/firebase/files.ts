import {
  deleteObject,
  getDownloadURL,
  ref,
  uploadBytesResumable,
  type UploadTask,
} from 'firebase/storage';
import { FirebaseError } from 'firebase/app';
import { IMAGE_CACHE_CONTROL, UPLOAD_TIMEOUT_MS } from '@/domain/constants';
import { BackendError, DomainError } from '@/domain/errors';
import type { FilesPort } from '@/data/ports/files';
import type { FirebaseContext } from './context';

function withCause(error: DomainError, cause: unknown): DomainError {
  return Object.assign(error, { cause });
}

export function createFilesPort(ctx: FirebaseContext, timeoutMs = UPLOAD_TIMEOUT_MS): FilesPort {
  return {
    async upload(folder, file, onProgress) {
      if (!file || file.size === 0) throw new DomainError('invalidFile');
      const path = `${folder.replace(/\/+$/, '')}/${Date.now()}_${file.name}`;
      const objectRef = ref(ctx.storage, path);
      const task: UploadTask = uploadBytesResumable(objectRef, file, {
        contentType: file.type || undefined,
        cacheControl: IMAGE_CACHE_CONTROL,
      });

      await new Promise<void>((resolve, reject) => {
        let timedOut = false;
        // docs/domain.md "Errors": an upload that has not finished after 30 s is given up.
        const timer = setTimeout(() => {
          timedOut = true;
          task.cancel();
          reject(new DomainError('uploadTimeout'));
        }, timeoutMs);
        task.on(
          'state_changed',
          (s) => {
            if (onProgress && s.totalBytes > 0)
              onProgress(Math.round((s.bytesTransferred / s.totalBytes) * 100));
          },
          (e) => {
            clearTimeout(timer);
            if (!timedOut) reject(withCause(new DomainError('uploadFailed'), e));
          },
          () => {
            clearTimeout(timer);
            resolve();
          },
        );
      });

      try {
        return { url: await getDownloadURL(task.snapshot.ref), path };
      } catch (e) {
        throw withCause(new DomainError('downloadUrlFailed'), e);
      }
    },

    async remove(path) {
      if (!path) return;
      try {
        await deleteObject(ref(ctx.storage, path));
      } catch (e) {
        if (e instanceof FirebaseError && e.code === 'storage/object-not-found') return;
        // Storage's own codes for the rules' refusal, as the other ports report it.
        if (
          e instanceof FirebaseError &&
          (e.code === 'storage/unauthorized' || e.code === 'storage/unauthenticated')
        ) {
          throw Object.assign(new BackendError('permission-denied'), { cause: e });
        }
        throw e;
      }
    },
  };
}
