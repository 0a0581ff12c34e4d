import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImagePicker } from '@/components/ui/image-picker';
import type { SportEvent } from '@/domain/entities/event';
import { errorMessage } from '@/domain/errors';
import { prepareImage } from '@/lib/image-upload';
import { toast } from '@/lib/toast-store';
import { useDeleteEventImage, useReplaceEventImage } from '../event-mutations';

/** The organizer replaces or deletes the event image from the detail page. */
export function ImageManager({ event }: { event: SportEvent }) {
  const replace = useReplaceEventImage(event);
  const remove = useDeleteEventImage(event);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The prepared file stays here after a failure, so 再試行 works without picking it again.
  const [failed, setFailed] = useState<File | null>(null);
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || replace.isPending || remove.isPending;

  const upload = (file: File) => {
    setError(null);
    replace.mutate(file, {
      onSuccess: () => {
        setFailed(null);
        toast({ title: '画像を更新しました', variant: 'success' });
      },
      onError: (e) => {
        setFailed(file);
        setError(errorMessage(e));
      },
    });
  };

  const onPick = async (file: File) => {
    setError(null);
    setPreparing(true);
    try {
      upload(await prepareImage(file));
    } catch (e) {
      setError(errorMessage(e, '画像を読み込めませんでした'));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div>
      <ImagePicker
        label="イベント画像"
        previewURL={event.imageURL || null}
        onPick={(f) => void onPick(f)}
        onClear={() => setConfirming(true)}
        clearLabel="画像を削除"
        pickLabel={event.imageURL ? '画像を変更' : '画像を追加'}
        disabled={busy}
        progress={replace.progress}
        error={error}
        onRetry={failed && !busy ? () => upload(failed) : undefined}
      />
      <ConfirmDialog
        open={confirming}
        title="画像を削除しますか？"
        confirmLabel="削除する"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: '画像を削除しました', variant: 'success' });
            },
            onError: (e) => {
              setConfirming(false);
              setError(errorMessage(e));
            },
          })
        }
      >
        削除した画像は元に戻せません。
      </ConfirmDialog>
    </div>
  );
}
