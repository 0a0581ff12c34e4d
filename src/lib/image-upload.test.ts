import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import imageCompression from 'browser-image-compression';
import type { FilesPort } from '@/data/ports/files';
import { ERR } from '@/domain/errors';
import { maxSideFor, prepareImage, uploadImage } from './image-upload';

vi.mock('browser-image-compression', () => ({ default: vi.fn() }));

const MB = 1024 * 1024;

function fileOfSize(bytes: number, name = 'photo.jpg', type = 'image/jpeg'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function stubImageSize(width: number, height: number) {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ width, height, close: () => {} })),
  );
}

describe('prepareImage', () => {
  beforeEach(() => {
    // The library names its output "blob"; prepareImage must restore the original name.
    vi.mocked(imageCompression).mockReset();
    vi.mocked(imageCompression).mockImplementation(
      async (file: File) => new File(['small'], 'blob', { type: file.type }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves a file of at most 1 MB untouched', async () => {
    const file = fileOfSize(MB);
    await expect(prepareImage(file)).resolves.toBe(file);
    expect(imageCompression).not.toHaveBeenCalled();
  });

  it('re-compresses a landscape file over 1 MB to fit 800x600 at quality 0.6, keeping its name', async () => {
    stubImageSize(4000, 2000);
    const out = await prepareImage(fileOfSize(MB + 1, 'court.jpg'));
    expect(imageCompression).toHaveBeenCalledTimes(1);
    const options = vi.mocked(imageCompression).mock.calls[0]![1];
    // 4000x2000 scaled by 800/4000 is 800x400: the width is the binding bound.
    expect(options).toMatchObject({ maxWidthOrHeight: 800, initialQuality: 0.6 });
    expect(out.name).toBe('court.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBeLessThan(MB);
  });

  it('refuses a file that is not a JPEG, PNG, GIF, WebP or AVIF picture, or is empty, before reading it', async () => {
    const decode = vi.fn(async () => ({ width: 10, height: 10, close: () => {} }));
    vi.stubGlobal('createImageBitmap', decode);
    for (const file of [
      new File(['%PDF-1.7'], 'flyer.pdf', { type: 'application/pdf' }),
      new File(['hello'], 'memo.txt', { type: 'text/plain' }),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['x'], 'noname', { type: '' }),
    ]) {
      await expect(prepareImage(file), file.name).rejects.toThrow(ERR.unsupportedImageType);
    }
    await expect(prepareImage(new File([], 'empty.png', { type: 'image/png' }))).rejects.toThrow(
      ERR.invalidFile,
    );
    expect(decode).not.toHaveBeenCalled();
    expect(imageCompression).not.toHaveBeenCalled();
  });

  it('refuses a file named as a picture that the browser cannot decode', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    await expect(prepareImage(fileOfSize(2048, 'not-really.jpg'))).rejects.toThrow(
      ERR.unreadableImage,
    );
  });

  it('refuses a picture still over 5 MB after compression, and takes one compressed below it', async () => {
    stubImageSize(8000, 6000);
    vi.mocked(imageCompression).mockImplementationOnce(
      async (file: File) => new File([new Uint8Array(5 * MB + 1)], 'blob', { type: file.type }),
    );
    await expect(prepareImage(fileOfSize(12 * MB))).rejects.toThrow(ERR.imageTooLarge);
    await expect(prepareImage(fileOfSize(12 * MB, 'big.jpg'))).resolves.toMatchObject({
      name: 'big.jpg',
    });
  });

  it('bounds the height at 600 for a tall image', async () => {
    stubImageSize(3000, 4000);
    await prepareImage(fileOfSize(2 * MB));
    // 3000x4000 scaled by 600/4000 is 450x600: the longer side handed over is 600.
    expect(vi.mocked(imageCompression).mock.calls[0]![1].maxWidthOrHeight).toBe(600);
  });
});

describe('maxSideFor', () => {
  it('keeps both sides within 800x600 and the aspect ratio', () => {
    expect(maxSideFor({ width: 1600, height: 1200 })).toBe(800); // 800x600
    expect(maxSideFor({ width: 1000, height: 1000 })).toBe(600); // 600x600
    expect(maxSideFor({ width: 2400, height: 1200 })).toBe(800); // 800x400
    expect(maxSideFor({ width: 700, height: 500 })).toBe(700); // already within: never upscales
  });
});

describe('uploadImage', () => {
  afterEach(() => vi.useRealTimers());

  const okFiles = (): FilesPort => ({
    upload: vi.fn(async (folder: string, file: File) => ({
      url: `blob:${file.name}`,
      path: `${folder}/1_${file.name}`,
    })),
    remove: vi.fn(async () => {}),
  });

  it('refuses an empty file without uploading', async () => {
    const files = okFiles();
    await expect(uploadImage(files, 'events/u1', new File([], 'empty.jpg'))).rejects.toThrow(
      ERR.invalidFile,
    );
    await expect(uploadImage(files, 'events/u1', null)).rejects.toThrow(
      '有効なファイルが選択されていません',
    );
    expect(files.upload).not.toHaveBeenCalled();
  });

  it('refuses anything but a raster image, and a file over 5 MB, without uploading', async () => {
    const files = okFiles();
    const svg = new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' });
    await expect(uploadImage(files, 'events/u1', svg)).rejects.toThrow(
      '画像はJPEG・PNG・GIF・WebP・AVIF形式のファイルを選んでください',
    );
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    await expect(uploadImage(files, 'events/u1', pdf)).rejects.toThrow(ERR.unsupportedImageType);
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await expect(uploadImage(files, 'events/u1', huge)).rejects.toThrow(
      '画像は5MB以下のファイルを選んでください',
    );
    expect(files.upload).not.toHaveBeenCalled();
    const jpeg = new File([new Uint8Array(5 * 1024 * 1024)], 'max.jpg', { type: 'image/jpeg' });
    await expect(uploadImage(files, 'events/u1', jpeg)).resolves.toBeDefined();
  });

  it('resolves with the stored path and url and reports progress', async () => {
    const files = okFiles();
    const onProgress = vi.fn();
    const result = await uploadImage(files, 'events/u1', fileOfSize(10, 'a.png'), onProgress);
    expect(result).toEqual({ url: 'blob:a.png', path: 'events/u1/1_a.png' });
    expect(files.upload).toHaveBeenCalledWith('events/u1', expect.any(File), onProgress);
  });

  it('fails with the 30 second time-out message when the upload hangs', async () => {
    vi.useFakeTimers();
    const files: FilesPort = { upload: () => new Promise(() => {}), remove: async () => {} };
    const result = uploadImage(files, 'events/u1', fileOfSize(10));
    const assertion = expect(result).rejects.toThrow('アップロードがタイムアウトしました (30秒)');
    await vi.advanceTimersByTimeAsync(29_999);
    let settled = false;
    void result.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('does not time out an upload that finishes in time', async () => {
    vi.useFakeTimers();
    const files: FilesPort = {
      upload: (folder, file) =>
        new Promise((r) =>
          setTimeout(() => r({ url: 'u', path: `${folder}/${file.name}` }), 29_000),
        ),
      remove: async () => {},
    };
    const result = uploadImage(files, 'f', fileOfSize(10, 'x.jpg'));
    await vi.advanceTimersByTimeAsync(29_000);
    await expect(result).resolves.toEqual({ url: 'u', path: 'f/x.jpg' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
