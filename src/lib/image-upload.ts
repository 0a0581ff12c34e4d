import type { FilesPort, UploadResult } from '@/data/ports/files';
import {
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_QUALITY,
  IMAGE_RECOMPRESS_THRESHOLD_BYTES,
  UPLOAD_TIMEOUT_MS,
} from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import { imageProblem } from '@/domain/rules/files';
import { logger } from '@/lib/logger';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * browser-image-compression bounds only the longer side (maxWidthOrHeight), but the product
 * bound is 800 wide and 600 high. Scaling by the tighter of the two ratios and handing the
 * library the resulting longer side keeps both within bounds and the aspect ratio intact.
 */
export function maxSideFor({ width, height }: ImageSize): number {
  if (!(width > 0) || !(height > 0)) return Math.min(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT);
  const scale = Math.min(IMAGE_MAX_WIDTH / width, IMAGE_MAX_HEIGHT / height, 1);
  return Math.max(1, Math.floor(Math.max(width, height) * scale));
}

/**
 * The picture's size as the browser decodes it; 'undecodable' when the browser cannot read it
 * (a file named .jpg that is not one); null when this environment cannot tell (no
 * createImageBitmap, as in the tests' DOM: an <img> then gives the size, when it is needed).
 */
async function decodeImage(
  file: File,
  sizeNeeded: boolean,
): Promise<ImageSize | 'undecodable' | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch (e) {
      logger.warn('prepareImage: image not decodable', e);
      return 'undecodable';
    }
  }
  if (!sizeNeeded) return null;
  let url = '';
  try {
    url = URL.createObjectURL(file);
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch (e) {
    logger.warn('prepareImage: image size unreadable', e);
    return null;
  } finally {
    if (url) URL.revokeObjectURL(url);
  }
}

/**
 * What every image picker does with a chosen file, before it shows a preview: a file that is not
 * a JPEG, PNG, GIF, WebP or AVIF picture (or is empty), or that the browser cannot decode, is
 * refused at once with the reason in Japanese, instead of showing a broken preview until the
 * upload. Files over 1 MB are re-compressed (docs/domain.md "Validation": 800x600, quality 0.6);
 * smaller ones go up as they are; what is still over 5 MB after that is refused. The result
 * keeps the original file name, which becomes part of the stored name.
 */
export async function prepareImage(file: File): Promise<File> {
  const problem = imageProblem(file);
  // Too large is judged after compression, which may bring the picture under the limit.
  if (problem && problem !== 'imageTooLarge') throw new DomainError(problem);
  const large = file.size > IMAGE_RECOMPRESS_THRESHOLD_BYTES;
  const decoded = await decodeImage(file, large);
  if (decoded === 'undecodable') throw new DomainError('unreadableImage');
  if (!large) return file;
  // Loaded on demand: the library is only needed for large pictures, never for browsing.
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    maxWidthOrHeight: decoded ? maxSideFor(decoded) : Math.min(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT),
    initialQuality: IMAGE_QUALITY,
    // The picture is small after scaling; a worker would only add start-up time.
    useWebWorker: false,
  });
  const prepared = new File([compressed], file.name, {
    type: compressed.type || file.type,
    lastModified: file.lastModified,
  });
  assertUploadableImage(prepared);
  return prepared;
}

/**
 * Refuses what the storage rules would refuse: no file or an empty one, a type other than a
 * raster image, a file over 5 MB. Screens call it when a file is picked, so the user hears it
 * at once; uploadImage calls it again before any network work.
 */
export function assertUploadableImage(file: File | null | undefined): asserts file is File {
  const problem = imageProblem(file);
  if (problem || !file) throw new DomainError(problem ?? 'invalidFile');
}

/**
 * Uploads one image to `folder`. An empty or missing file, a type other than a raster image and
 * a file over 5 MB are refused before any network work (storage.rules refuse them too); an
 * upload that has not finished after UPLOAD_TIMEOUT_MS fails with the time-out message.
 */
export async function uploadImage(
  files: FilesPort,
  folder: string,
  file: File | null | undefined,
  onProgress?: (percent: number) => void,
): Promise<UploadResult> {
  assertUploadableImage(file);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DomainError('uploadTimeout')), UPLOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([files.upload(folder, file, onProgress), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
