/** The organizer's name and photo under the names older documents used, in the order read. */
export const LEGACY_ORGANIZER = {
  name: ['organizerDisplayName', 'hostName'],
  photoURL: ['organizerPhoto', 'hostPhotoURL'],
} as const;

/**
 * Every stored field an event is read from: the schema's (src/domain/entities/event.ts; a test
 * holds the two together) and the organizer's older names. A list of events needs these and not
 * the keyword search's tokens (a document's largest field, which only its query uses): a store
 * that can read some fields only (the REST reader) reads these. A module of its own, without the
 * schema, because the entry's first read of the event list asks for them
 * (src/data/firebase/early-read.ts).
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
  'status',
  'date',
  'startTime',
  'endTime',
  'fee',
  'capacity',
  'imageURL',
  'imagePath',
  'createdAt',
  'staffCancelReason',
  ...LEGACY_ORGANIZER.name,
  ...LEGACY_ORGANIZER.photoURL,
];
