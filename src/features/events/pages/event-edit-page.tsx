import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { ImageEditSection, useImageEdit } from '@/components/ui/image-edit';
import { ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import type { SportEvent } from '@/domain/entities/event';
import { ERR, errorMessage, isDomainError } from '@/domain/errors';
import { eventFormSchema, type EventFormInput, type EventFormValues } from '@/domain/event-form';
import { formatIsoDate } from '@/domain/format';
import { useCurrentUser } from '@/features/auth/public';
import { toast } from '@/lib/toast-store';
import { EventFormFields, type EventForm } from '../components/event-form-fields';
import { useUpdateEvent } from '../event-mutations';
import { eventQueries } from '../event-queries';
import { useBackend } from '@/lib/backend-context';
import { preventImeEnterSubmit } from '@/lib/ime';
import { eventImageFolder } from '../image-folder';
import { EventNotFound } from './event-detail-page';

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
  const navigate = useNavigate();
  const update = useUpdateEvent(event);
  const image = useImageEdit(event, eventImageFolder(event.organizerId));
  const form: EventForm = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: formValuesOf(event),
    mode: 'onTouched',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (values: EventFormValues) => {
    setSaving(true);
    setError(null);
    try {
      const stored = await image.resolve();
      await update.mutateAsync({ ...values, ...stored });
      // The previous file is dropped only once nothing points at it any more.
      await image.dropReplaced(stored);
      toast({ title: 'イベントを更新しました', variant: 'success' });
      navigate(`/events/${encodeURIComponent(event.id)}`);
    } catch (e) {
      if (isDomainError(e, 'capacityBelowParticipants'))
        form.setError('capacity', { message: ERR.capacityBelowParticipants });
      setError(errorMessage(e, 'イベントを更新できませんでした。もう一度お試しください'));
      setSaving(false);
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
      <ImageEditSection label="イベント画像" edit={image} disabled={saving} />
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
        <Button type="submit" busy={saving} busyLabel="保存しています…" disabled={image.preparing}>
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
