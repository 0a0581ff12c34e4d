import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { EditForm, EditGate } from '@/components/ui/edit-screen';
import type { SportEvent } from '@/domain/entities/event';
import { ERR } from '@/domain/errors';
import { eventFormSchema, type EventFormInput } from '@/domain/event-form';
import { formatIsoDate } from '@/domain/format';
import { useCurrentUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { EventFormFields } from '../components/event-form-fields';
import { useUpdateEvent } from '../event-mutations';
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
  return (
    <EditForm
      schema={eventFormSchema}
      defaults={formValuesOf(event)}
      image={event}
      imageFolder={eventImageFolder(event.organizerId)}
      imageLabel="イベント画像"
      backTo={eventPath(event.id)}
      update={(values) => update.mutateAsync(values)}
      savedTitle="イベントを更新しました"
      failedMessage="イベントを更新できませんでした。もう一度お試しください"
      limit={{ error: 'capacityBelowParticipants', field: 'capacity' }}
      fields={(form, disabled) => (
        <EventFormFields
          form={form}
          disabled={disabled}
          capacityHint={`現在の参加者は${event.participants.length}人です。定員はそれより少なくできません。`}
        />
      )}
    />
  );
}

const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;
