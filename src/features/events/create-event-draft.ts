import type { EventFormInput } from '@/domain/event-form';
import { formDraft } from '@/lib/form-draft';

/** The event being created (see formDraft): sc.create-event-draft.<uid>. */
export const createEventDraft = formDraft<EventFormInput>('create-event');
