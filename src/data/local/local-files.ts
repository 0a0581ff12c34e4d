import type { FilesPort, UploadResult } from '@/data/ports/files';
import { IMAGE_CACHE_CONTROL } from '@/domain/constants';
import { BackendError, DomainError } from '@/domain/errors';
import { mayRemoveFile, mayStoreFile } from '@/domain/rules/files';
import { readActor, type UseCaseContext } from '@/data/use-cases/context';
import type { LocalContext } from './context';
import { toBase64 } from './base64';

/**
 * Files live in IndexedDB as data: URLs. The download URL is that data: URL itself, so an image
 * shows in every tab and after a reload without any server.
 */
export class LocalFiles implements FilesPort {
  private readonly ctx: LocalContext;
  private readonly useCases: UseCaseContext;

  constructor(ctx: LocalContext, useCases: UseCaseContext) {
    this.ctx = ctx;
    this.useCases = useCases;
  }

  /** Who is storing, read as the use cases read it (storage.rules read the same). */
  private async actor() {
    return readActor(this.useCases.storage, await this.useCases.session());
  }

  async upload(
    folder: string,
    file: File,
    onProgress?: (percent: number) => void,
  ): Promise<UploadResult> {
    if (!file || file.size === 0) throw new DomainError('invalidFile');
    // What storage.rules refuse on Firebase, where the port reports it as a failed upload.
    if (!mayStoreFile(await this.actor(), folder, file)) {
      throw new DomainError('uploadFailed');
    }
    onProgress?.(0);
    const contentType = file.type || 'application/octet-stream';
    const bytes = new Uint8Array(await file.arrayBuffer());
    const dataURL = `data:${contentType};base64,${toBase64(bytes)}`;
    onProgress?.(50);
    const path = `${folder}/${this.ctx.now().getTime()}_${file.name}`;
    await this.ctx.db.files.put({
      path,
      folder,
      name: file.name,
      contentType,
      cacheControl: IMAGE_CACHE_CONTROL,
      size: file.size,
      dataURL,
      createdAt: this.ctx.now(),
    });
    onProgress?.(100);
    return { url: dataURL, path };
  }

  async remove(path: string): Promise<void> {
    if (!path) return;
    if (!mayRemoveFile(await this.actor(), path)) {
      throw new BackendError('permission-denied');
    }
    // Deleting a missing key is a no-op in IndexedDB: a missing file counts as removed.
    await this.ctx.db.files.delete(path);
  }
}
