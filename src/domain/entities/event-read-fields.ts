/**
 * Every stored field an event is read from: the schema's and the organizer's older names
 * (LEGACY_ORGANIZER; both in src/domain/entities/event.ts, and a test holds this list to them).
 * A list of events needs these and not the keyword search's tokens (a document's largest field,
 * which only its query uses): a store that can read some fields only (the REST reader) reads
 * these. A module of its own that imports nothing, because the entry's first read of the event
 * list asks for them (src/data/firebase/first-read/early-request.ts) and the entry's chunk holds it.
 */
export const EVENT_READ_FIELDS: readonly string[] = [
  'title',
  'description',
  'sportType',
  'location',
  'region',
  'level',
  'teamId',
  'teamName',
  'organizerId',
  'organizerName',
  'organizerPhotoURL',
  'participants',
  'entryMethod',
  'waitlist',
  'removals',
  'status',
  'date',
  'startTime',
  'endTime',
  'fee',
  'capacity',
  'imageURL',
  'imagePath',
  'createdAt',
  'seriesId',
  'seriesLabel',
  'minHeadcount',
  'headcountDecideAt',
  'headcountDecision',
  'staffCancelReason',
  'organizerDisplayName',
  'hostName',
  'organizerPhoto',
  'hostPhotoURL',
];
