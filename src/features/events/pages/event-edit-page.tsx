import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { ImagePicker } from '@/components/ui/image-picker';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { useObjectURL } from '@/components/ui/use-object-url';
import type { SportEvent } from '@/domain/entities/event';
import { ERR, errorMessage, isDomainError } from '@/domain/errors';
import { eventFormSchema, type EventFormInput, type EventFormValues } from '@/domain/event-form';
import { formatIsoDate } from '@/domain/format';
import { useCurrentUser } from '@/features/auth/session';
import { useBackend } from '@/lib/backend-context';
import { prepareImage } from '@/lib/image-upload';
import { toast } from '@/lib/toast-store';
import { EventFormFields, type EventForm } from '../components/event-form-fields';
import { removeQuietly, useUpdateEvent } from '../event-mutations';
import { eventQueries } from '../event-queries';
import { preventImeEnterSubmit } from '@/lib/ime';
import { eventImageFolder, useImageUpload } from '../use-image-upload';
import { EventNotFound } from './event-detail-page';

type ImageChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

function formValuesOf(event: SportEvent): EventFormInput {
  return {
    title: event.title,
    description: event.description,
    sportType: event.sportType,
    location: event.location,
    region: event.region,
    level: event.level,
    teamId: event.teamId,
    teamName: event.teamName,
    date: formatIsoDate(event.date),
    startTime: event.startTime,
    endTime: event.endTime,
    fee: String(event.fee),
    capacity: String(event.capacity),
    imageURL: event.imageURL,
    imagePath: event.imagePath,
  } as EventFormInput;
}

function EditForm({ event }: { event: SportEvent }) {
  const backend = useBackend();
  const navigate = useNavigate();
  const update = useUpdateEvent(event);
  const uploader = useImageUpload();
  const form: EventForm = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: formValuesOf(event),
    mode: 'onTouched',
  });
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const newPreview = useObjectURL(image.kind === 'new' ? image.file : null);
  const previewURL =
    image.kind === 'new' ? newPreview : image.kind === 'keep' ? event.imageURL || null : null;
  const [preparing, setPreparing] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: EventFormValues) => {
    setSaving(true);
    setError(null);
    try {
      let imageURL = event.imageURL;
      let imagePath = event.imagePath;
      if (image.kind === 'new')
        ({ url: imageURL, path: imagePath } = await uploader.upload(
          eventImageFolder(event.organizerId),
          image.file,
        ));
      if (image.kind === 'remove') [imageURL, imagePath] = ['', ''];
      await update.mutateAsync({ ...values, imageURL, imagePath });
      // The previous file is dropped only once nothing points at it any more.
      if (event.imagePath && event.imagePath !== imagePath)
        await removeQuietly((p) => backend.files.remove(p), event.imagePath);
      toast({ title: 'イベントを更新しました', variant: 'success' });
      navigate(`/events/${encodeURIComponent(event.id)}`);
    } catch (e) {
      if (isDomainError(e, 'capacityBelowParticipants'))
        form.setError('capacity', { message: ERR.capacityBelowParticipants });
      setError(errorMessage(e, 'イベントを更新できませんでした。もう一度お試しください'));
      setSaving(false);
    }
  };

  const pick = async (file: File) => {
    setImageError(null);
    setPreparing(true);
    try {
      setImage({ kind: 'new', file: await prepareImage(file) });
    } catch (e) {
      setImageError(errorMessage(e, '画像を読み込めませんでした。別の画像を選択してください'));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save)}
      onKeyDown={preventImeEnterSubmit}
      className="max-w-2xl space-y-8"
    >
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <EventFormFields
          form={form}
          disabled={saving}
          capacityHint={`現在の参加者は${event.participants.length}人です。定員はそれより少なくできません。`}
        />
      </section>
      <section
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-labelledby="image-heading"
      >
        <h2 id="image-heading" className="mb-3 text-sm font-semibold text-slate-800">
          イベント画像
        </h2>
        <ImagePicker
          label="イベント画像"
          previewURL={previewURL}
          onPick={(f) => void pick(f)}
          onClear={() =>
            setImage(event.imageURL && image.kind === 'new' ? { kind: 'keep' } : { kind: 'remove' })
          }
          pickLabel={previewURL ? '画像を変更' : '画像を選択'}
          clearLabel={image.kind === 'new' && event.imageURL ? '変更を取り消す' : '画像を削除'}
          hint={
            preparing
              ? '画像を処理しています…'
              : '1MBを超える画像は、送信前に自動で縮小・圧縮されます（最大800×600）。'
          }
          disabled={preparing || saving}
          progress={uploader.progress}
          error={imageError}
        />
        {image.kind === 'remove' && event.imageURL ? (
          <p className="mt-2 text-sm text-slate-600">
            保存すると画像が削除されます。
            <button
              type="button"
              className="ml-2 font-semibold text-brand-700 underline"
              onClick={() => setImage({ kind: 'keep' })}
            >
              元に戻す
            </button>
          </p>
        ) : null}
      </section>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={`/events/${encodeURIComponent(event.id)}`} className={buttonClass('secondary')}>
          キャンセル
        </Link>
        <Button type="submit" busy={saving} busyLabel="保存しています…" disabled={preparing}>
          変更を保存する
        </Button>
      </div>
    </form>
  );
}

export default function EventEditPage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const user = useCurrentUser();
  const query = useQuery(eventQueries.detail(id, backend));
  if (query.isPending) return <Spinner label="イベントを読み込み中…" />;
  if (query.isError) {
    return (
      <Page title="イベントの編集">
        <ErrorState
          message={errorMessage(query.error, 'イベントを読み込めませんでした')}
          onRetry={() => void query.refetch()}
        />
      </Page>
    );
  }
  const event = query.data;
  if (!event) return <EventNotFound />;
  if (!user || user.uid !== event.organizerId) {
    return (
      <Page title="イベントの編集" narrow>
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {ERR.noEditPermission}
        </p>
        <Link
          to={`/events/${encodeURIComponent(event.id)}`}
          className={buttonClass('secondary', 'mt-6')}
        >
          イベントページへ戻る
        </Link>
      </Page>
    );
  }
  return (
    <Page title="イベントの編集">
      {/* Keyed by the event so a refetch after saving never resets a form being edited elsewhere. */}
      <EditForm key={event.id} event={event} />
    </Page>
  );
}
