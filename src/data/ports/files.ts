export interface UploadResult {
  url: string;
  path: string;
}

/**
 * Images in storage. The statements follow the convention in ./backend.ts. Who may store what is
 * mayStoreFile (src/domain/rules/files.ts), which storage.rules enforce on Firebase.
 */
export interface FilesPort {
  /**
   * Stores the file under `${folder}/${timestamp}_${file.name}` with its content type and
   * cache-control public,max-age=7200, then resolves the download URL.
   * Refusals: invalidFile (no file, or an empty one); uploadFailed when the service refuses
   * (mayStoreFile: signed out, another user's folder, a suspended account, an unverified address
   * for `events/` and `teams/`, not a JPEG/PNG/GIF/WebP/AVIF image, over IMAGE_MAX_UPLOAD_BYTES)
   * or the upload fails; uploadTimeout (Firebase) when it has not
   * finished after UPLOAD_TIMEOUT_MS; downloadUrlFailed when the URL cannot be read.
   * Caller: a signed-in user, into a folder of their own (`events/<uid>`, `users/<uid>`,
   * `teams/<uid>`).
   */
  upload(folder: string, file: File, onProgress?: (percent: number) => void): Promise<UploadResult>;
  /**
   * Deletes the object. Missing: resolves (already removed).
   * Fails: throws; 'permission-denied' for a path outside the caller's own folders, or a
   * suspended caller (mayRemoveFile).
   * Caller: the owner of the folder.
   */
  remove(path: string): Promise<void>;
}
