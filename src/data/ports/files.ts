export interface UploadResult {
  url: string;
  path: string;
}

export interface FilesPort {
  /**
   * Stores the file under `${folder}/${timestamp}_${file.name}` with its content type and
   * cache-control public,max-age=7200, then resolves the download URL.
   */
  upload(folder: string, file: File, onProgress?: (percent: number) => void): Promise<UploadResult>;
  /** Deleting an object that does not exist counts as success. */
  remove(path: string): Promise<void>;
}
