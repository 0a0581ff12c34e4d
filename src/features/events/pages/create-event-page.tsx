import { Link } from 'react-router-dom';
import { CreationFlow } from '@/components/flows/creation-flow';
import { eventFormSchemaAt, ymdOf } from '@/domain/event-form';
import { useCurrentUser, useWriteRefusal } from '@/features/auth/public';
import { EventConfirmView } from '../components/event-confirm-view';
import { EMPTY_EVENT_FORM, EventFormFields } from '../components/event-form-fields';
import { createEventDraft } from '../create-event-draft';
import { eventImageFolder } from '../image-folder';
import { useCreateEvent } from '../event-mutations';

/** The form as the organizer submits it: no start before the moment it is checked. */
const createEventSchema = eventFormSchemaAt(() => new Date());

/** /create-event and /create-event/confirm: one screen (CreationFlow). */
export default function CreateEventPage() {
  const user = useCurrentUser();
  const create = useCreateEvent();
  const refusal = useWriteRefusal('verified');
  // The route is guarded; while the session settles there is nothing to draft for yet.
  if (!user) return null;
  return (
    <CreationFlow
      key={user.uid}
      uid={user.uid}
      basePath="/create-event"
      schema={createEventSchema}
      empty={EMPTY_EVENT_FORM}
      draft={createEventDraft}
      title="イベントを作成"
      refusal={refusal}
      noun="イベント"
      imageLabel="イベント画像"
      imageFolder={eventImageFolder(user.uid)}
      fields={(form) => (
        <>
          <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-800">
            毎週・隔週・毎月の開催なら
            <Link to="/create-series" className="ml-1 font-semibold text-brand-700 underline">
              定期開催として作成
            </Link>
          </p>
          <EventFormFields form={form} minDate={ymdOf(new Date())} />
        </>
      )}
      confirmView={(values, previewURL) => (
        <EventConfirmView values={values} previewURL={previewURL} />
      )}
      create={(input) => create.mutateAsync(input)}
    />
  );
}
