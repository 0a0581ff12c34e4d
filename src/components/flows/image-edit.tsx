import { useState } from 'react';
import { errorMessage } from '@/domain/errors';
import { useBackend } from '@/lib/backend-context';
import { prepareImage } from '@/lib/image-upload';
import { removeQuietly, useImageUpload } from '@/lib/use-image-upload';
import { ImagePicker } from '@/components/ui/image-picker';
import { useObjectURL } from '@/components/ui/use-object-url';

type ImageChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

interface StoredImage {
  imageURL: string;
  imagePath: string;
}

/**
 * The picture on an edit form: kept, replaced by a new file (compressed like on creation) or
 * removed. Nothing is uploaded or deleted until the form saves: `resolve` uploads a new file
 * (once, however often saving is retried) and gives the fields to store; `dropReplaced` removes
 * the previous file once the saved document no longer points at it.
 */
export function useImageEdit(current: StoredImage, folder: string) {
  const backend = useBackend();
  const uploader = useImageUpload();
  const [choice, setChoice] = useState<ImageChoice>({ kind: 'keep' });
  const newPreview = useObjectURL(choice.kind === 'new' ? choice.file : null);
  const previewURL =
    choice.kind === 'new' ? newPreview : choice.kind === 'keep' ? current.imageURL || null : null;
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File) => {
    setError(null);
    setPreparing(true);
    try {
      setChoice({ kind: 'new', file: await prepareImage(file) });
    } catch (e) {
      setError(errorMessage(e, '画像を読み込めませんでした。別の画像を選択してください'));
    } finally {
      setPreparing(false);
    }
  };

  const resolve = async (): Promise<StoredImage> => {
    if (choice.kind === 'remove') return { imageURL: '', imagePath: '' };
    if (choice.kind === 'keep') return { imageURL: current.imageURL, imagePath: current.imagePath };
    const { url, path } = await uploader.upload(folder, choice.file);
    return { imageURL: url, imagePath: path };
  };

  const dropReplaced = (saved: StoredImage) =>
    current.imagePath && current.imagePath !== saved.imagePath
      ? removeQuietly((p) => backend.files.remove(p), current.imagePath)
      : Promise.resolve();

  return {
    current,
    choice,
    setChoice,
    previewURL,
    preparing,
    error,
    pick,
    resolve,
    dropReplaced,
    progress: uploader.progress,
  };
}

export type ImageEdit = ReturnType<typeof useImageEdit>;

/** The picture section of an edit form, driven by useImageEdit. */
export function ImageEditSection({
  label,
  edit,
  disabled,
}: {
  label: string;
  edit: ImageEdit;
  disabled: boolean;
}) {
  const { current, choice, setChoice, previewURL } = edit;
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      aria-labelledby="image-heading"
    >
      <h2 id="image-heading" className="mb-3 text-sm font-semibold text-slate-800">
        {label}
      </h2>
      <ImagePicker
        label={label}
        previewURL={previewURL}
        onPick={(f) => void edit.pick(f)}
        onClear={() =>
          setChoice(
            current.imageURL && choice.kind === 'new' ? { kind: 'keep' } : { kind: 'remove' },
          )
        }
        pickLabel={previewURL ? '画像を変更' : '画像を選択'}
        clearLabel={choice.kind === 'new' && current.imageURL ? '変更を取り消す' : '画像を削除'}
        hint={
          edit.preparing
            ? '画像を処理しています…'
            : '1MBを超える画像は、送信前に自動で縮小・圧縮されます（最大800×600）。'
        }
        disabled={edit.preparing || disabled}
        progress={edit.progress}
        error={edit.error}
      />
      {choice.kind === 'remove' && current.imageURL ? (
        <p className="mt-2 text-sm text-slate-600">
          保存すると画像が削除されます。
          <button
            type="button"
            className="ml-2 font-semibold text-brand-700 underline"
            onClick={() => setChoice({ kind: 'keep' })}
          >
            元に戻す
          </button>
        </p>
      ) : null}
    </section>
  );
}
