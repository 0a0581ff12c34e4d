import { useId, useRef, type ReactNode } from 'react';
import { UPLOADABLE_IMAGE_TYPES } from '@/domain/constants';
import { buttonClass } from './button';
import { ProgressBar } from './progress-bar';

/**
 * Picks one image and shows it in a fixed frame: 16:9 (event pictures) or a circle (profile
 * photos, with `placeholder` shown while there is none). The parent owns the file (and any
 * compression); this only reports the choice. A progress bar replaces the buttons during an
 * upload, and a failed upload offers a retry of the same file.
 */
export function ImagePicker({
  label,
  previewURL,
  onPick,
  onClear,
  pickLabel = '画像を選択',
  clearLabel = '画像を取り消す',
  hint,
  disabled = false,
  progress = null,
  error = null,
  onRetry,
  shape = 'wide',
  placeholder,
}: {
  label: string;
  previewURL: string | null;
  onPick: (file: File) => void;
  onClear?: () => void;
  pickLabel?: string;
  clearLabel?: string;
  hint?: string;
  disabled?: boolean;
  progress?: number | null;
  error?: string | null;
  onRetry?: () => void;
  shape?: 'wide' | 'round';
  placeholder?: ReactNode;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div>
      <div
        className={`relative overflow-hidden border border-slate-200 bg-slate-100 ${shape === 'round' ? 'h-28 w-28 rounded-full' : 'aspect-[16/9] w-full max-w-md rounded-md'}`}
      >
        {previewURL ? (
          <img
            src={previewURL}
            alt={`${label}のプレビュー`}
            className="absolute inset-0 h-full w-full object-cover"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">
            {placeholder ?? '画像が選択されていません'}
          </span>
        )}
      </div>
      {progress !== null ? (
        <div className="mt-3 max-w-md">
          <ProgressBar value={progress} label="画像をアップロードしています" />
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            // The file dialog offers the types an upload may have; a file picked past that filter
            // is refused by the parent's prepareImage before any preview.
            accept={UPLOADABLE_IMAGE_TYPES.join(',')}
            className="peer sr-only"
            aria-describedby={hint ? hintId : undefined}
            disabled={disabled}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared so choosing the same file again still fires a change.
              e.target.value = '';
              if (file) onPick(file);
            }}
          />
          <label
            htmlFor={inputId}
            className={buttonClass(
              'secondary',
              `peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 ${disabled ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`,
            )}
            aria-disabled={disabled || undefined}
          >
            {pickLabel}
            <span className="sr-only">（{label}）</span>
          </label>
          {previewURL && onClear ? (
            <button
              type="button"
              className={buttonClass('ghost', 'text-red-700')}
              disabled={disabled}
              onClick={onClear}
            >
              {clearLabel}
            </button>
          ) : null}
        </div>
      )}
      {hint ? (
        <p id={hintId} className="mt-2 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-700">
          <span>{error}</span>
          {onRetry ? (
            <button
              type="button"
              onClick={onRetry}
              className="rounded border border-red-300 bg-white px-2 py-1 text-xs font-semibold hover:bg-red-50"
            >
              再試行
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
