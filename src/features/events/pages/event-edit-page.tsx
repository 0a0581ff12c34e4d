import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { EditForm, EditGate } from '@/components/flows/edit-screen';
import type { SportEvent } from '@/domain/entities/event';
import { ERR } from '@/domain/errors';
import { eventFormSchemaAt, ymdOf, type EventFormInput } from '@/domain/event-form';
import { formatIsoDate } from '@/domain/format';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { EventFormFields } from '../components/event-form-fields';
import { SeriesScope } from '../components/series-scope';
import { useUpdateEvent, useUpdateSeriesFollowing } from '../event-mutations';
import { eventQueries } from '../event-queries';
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
    entryMethod: event.entryMethod,
    imageURL: event.imageURL,
    imagePath: event.imagePath,
  } as EventFormInput;
}

/** /events/{id}/edit: the organizer only; anyone else sees why, with the way back. */
export default function EventEditPage() {
  const { id = '' } = useParams();
  const backend = useBackend();
  const user = useCurrentUser();
  const query = useQuery(eventQueries.detail(id, backend));
  return (
    <EditGate
      query={query}
      noun="イベント"
      notFound={<EventNotFound />}
      mayEdit={(event) => user?.uid === event.organizerId}
      denied={ERR.noEditPermission}
      backTo={(event) => eventPath(event.id)}
    >
      {/* Keyed by the event so a refetch after saving never resets a form being edited elsewhere. */}
      {(event) => <EditEventForm key={event.id} event={event} />}
    </EditGate>
  );
}

function EditEventForm({ event }: { event: SportEvent }) {
  const update = useUpdateEvent(event);
  const following = useUpdateSeriesFollowing(event);
  // A series date asks how far the change goes (docs/series.md "Changing and ending").
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const day = formatIsoDate(event.date);
  // The stored day and start time stay acceptable as they are, even once they have passed, so an
  // event that has begun or is over can still be corrected; a start that moves may not be past.
  const schema = useMemo(
    () => eventFormSchemaAt(() => new Date(), { date: day, startTime: event.startTime }),
    [day, event.startTime],
  );
  const today = ymdOf(new Date());
  return (
    <EditForm
      schema={schema}
      defaults={formValuesOf(event)}
      image={event}
      imageFolder={eventImageFolder(event.organizerId)}
      imageLabel="イベント画像"
      backTo={eventPath(event.id)}
      update={(values) =>
        scope === 'following' ? following.mutateAsync(values) : update.mutateAsync(values)
      }
      savedTitle="イベントを更新しました"
      failedMessage="イベントを更新できませんでした。もう一度お試しください"
      limit={{ error: 'capacityBelowParticipants', field: 'capacity' }}
      fields={(form, disabled) => (
        <>
          {event.seriesId ? (
            <SeriesScope
              scope={scope}
              onChange={setScope}
              disabled={disabled}
              className="mb-6"
              followingHint="タイトル・説明・場所・時間・参加費を、この日以降の日程にも反映します（日程ごとに変更した項目はそのままです）"
            />
          ) : null}
          <EventFormFields
            form={form}
            disabled={disabled}
            minDate={day < today ? day : today}
            capacityHint={`現在の参加者は${event.participants.length}人です。定員はそれより少なくできません。`}
          />
        </>
      )}
    />
  );
}

const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;
