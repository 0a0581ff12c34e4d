import { sportEventSchema, type SportEvent } from '@/domain/entities/event';

/** The organizer of the events sportEvent() builds. */
export const ORGANIZER = 'org';

/**
 * An event as the domain reads it, for domain tests: open, for 10, organized by ORGANIZER, with
 * nobody taking part yet; overrides go through the same schema as stored data.
 */
export function sportEvent(overrides: Record<string, unknown> = {}): SportEvent {
  return sportEventSchema.parse({
    id: 'e1',
    title: '朝サッカー',
    organizerId: ORGANIZER,
    participants: [],
    status: 'open',
    capacity: 10,
    ...overrides,
  });
}
