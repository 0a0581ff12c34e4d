import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import type { EventFormValues } from '@/domain/event-form';

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

/** Event input as the form submits it: every field valid. */
export const EVENT_INPUT: EventFormValues = {
  title: '朝サッカー',
  description: '',
  sportType: 'サッカー',
  location: '代々木公園',
  region: '関東',
  level: '誰でも',
  teamId: '',
  teamName: '',
  date: '2024-05-10',
  startTime: '10:00',
  endTime: '12:00',
  fee: 0,
  capacity: 10,
  imageURL: '',
  imagePath: '',
};

/**
 * An event on Sunday 29 November 2026, 10:00〜12:00 in Japan, its day stored as midnight there
 * (as a device in Japan writes it), for the calendar tests; overrides as for sportEvent().
 */
export function eventInJapan(overrides: Record<string, unknown> = {}): SportEvent {
  return sportEvent({
    id: 'ev-42',
    title: '週末フットサル',
    description: '初心者歓迎です。',
    location: '代々木公園 サッカー場',
    date: new Date('2026-11-28T15:00:00Z'),
    startTime: '10:00',
    endTime: '12:00',
    ...overrides,
  });
}
