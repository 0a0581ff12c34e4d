/** Business constants (docs/constants.md). */
export const UPLOAD_TIMEOUT_MS = 30_000;
export const STORAGE_MAX_OPERATION_RETRY_MS = 2 * 60_000;
export const STORAGE_MAX_UPLOAD_RETRY_MS = 10 * 60_000;

export const HISTORY_WINDOW_DAYS = 90;
export const PARTICIPATION_HISTORY_LIMIT = 10;
export const EVENT_DETAIL_PARTICIPANT_PROFILES = 10;
export { EVENTS_PAGE_SIZE, TEAMS_PAGE_SIZE } from './list-page-sizes';
/** The event list's count stops here: the screen says 「1000件以上」 beyond (one bounded read). */
export const EVENT_COUNT_CAP = 1000;
/** participation.forEvent: a page of the requests an organizer sees for one event. */
export const EVENT_REQUESTS_PAGE_SIZE = 20;

/**
 * Caps of the reads that are not paged (src/data/ports states which method uses which): no
 * read is unbounded, and both backends cut at the same place.
 */
/** participation.myPending. */
export const MY_PENDING_LIMIT = 50;
/** participation.myPending's fallback read, which has no status filter and so reads more. */
export const MY_PENDING_FALLBACK_LIMIT = 200;
/**
 * participation.myRequestFor, and the requests participation.request and events.leave look up:
 * one user's requests for one event (one per user and event since requestIdFor; the cap bounds
 * what older data may hold).
 */
export const MY_REQUESTS_PER_EVENT_LIMIT = 10;
/** The longest キャンセル待ち an event keeps (firestore.rules bound the list the same). */
export const WAITLIST_MAX = 100;
/**
 * On a 承認制 event, how many people one write moves up from the キャンセル待ち (each gets a
 * request): firestore.rules check each place by a line of its own, as rules cannot loop. A
 * capacity raise that frees more leaves the rest in line, to move up as later seats free.
 */
export const REQUEST_PROMOTIONS_MAX = 5;
/** notifications.subscribe: older ones stay stored but are not shown. */
export const NOTIFICATIONS_LIVE_LIMIT = 100;
/** conversations.subscribe and subscribeMessages. */
export const CONVERSATIONS_LIVE_LIMIT = 100;
export const MESSAGES_LIVE_LIMIT = 300;

export const DEFAULT_LEVEL = '誰でも';
export const DEFAULT_EVENT_STATUS = 'open';
export const DEFAULT_ROLE = 'user';
/** Profiles written before createdAt existed count as created on 15 Aug 2023. */
export const DEFAULT_ACCOUNT_CREATED_AT = new Date(2023, 7, 15);

export const IMAGE_RECOMPRESS_THRESHOLD_BYTES = 1024 * 1024;
export const IMAGE_MAX_WIDTH = 800;
export const IMAGE_MAX_HEIGHT = 600;
export const IMAGE_QUALITY = 0.6;
export const IMAGE_CACHE_CONTROL = 'public,max-age=7200';
/** Upper bound the storage rules enforce for event and profile images. */
export const IMAGE_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export { EVENT_DEFAULT_DURATION_MS } from './event-duration';

/**
 * The clock's slack: a new or moved start must be at least this far ahead of the device's clock,
 * while firestore.rules ask only a start after the server's time. A device whose clock runs up to
 * this much slow is still accepted, and no event can be created or moved into a slot that has
 * begun, let alone ended (docs/domain.md "Validation").
 */
export const EVENT_START_SLACK_MINUTES = 15;

export const QUERY_STALE_TIME_MS = 5 * 60_000;
export const QUERY_GC_TIME_MS = 30 * 60_000;
export const QUERY_RETRY = 1;
export const MUTATION_RETRY = 0;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'] as const;

export const WEB_VITAL_THRESHOLDS = {
  CLS: { good: 0.1, poor: 0.25 },
  FID: { good: 100, poor: 300 },
  INP: { good: 200, poor: 500 },
  LCP: { good: 2500, poor: 4000 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** Profile field limits (docs/profile.md): the settings form, the domain and firestore.rules agree. */
export const DISPLAY_NAME_MAX = 30;
export const BIO_MAX = 500;
export const LOCATION_MAX = 50;
export const PHOTO_PATH_MAX = 1024;
/** A stored image's download URL (profile photo, event image, the organizer's photo on an event). */
export const IMAGE_URL_MAX = 2048;
/** The public user id ("user_" plus 8 letters or digits, generateCustomUserId), with room to spare. */
export const CUSTOM_USER_ID_MAX = 32;
/** An email address (users/{uid}/private/account and the forms' emailSchema). */
export const EMAIL_MAX = 320;
/** The earliest birth date a profile accepts (yyyy-MM-dd); the latest is today. */
export const BIRTH_DATE_MIN = '1900-01-01';
/** A page of a profile's event lists (organized, joined). */
export const PROFILE_EVENTS_PAGE_SIZE = 10;
/**
 * The most of a participant's events from the last two days a participation count reads to see
 * which have ended: nobody takes part in more than a handful in two days.
 */
export const RECENT_PARTICIPATION_CAP = 50;

/** The longest message a join request may carry (form, domain rule and firestore.rules). */
export const REQUEST_MESSAGE_MAX = 500;

/**
 * The longest chat message, in characters as the composer, the domain (normalizeMessageContent)
 * and firestore.rules count them (UTF-16 units).
 */
export const MESSAGE_MAX_LENGTH = 2000;
/** The composer shows its character counter from this many characters on. */
export const MESSAGE_COUNTER_FROM = 1800;

/** Event boards and team chat (docs/board.md): the longest post (UTF-16 units, as the rules). */
export const POST_MAX_LENGTH = 1000;
/** The composer's counter shows from this many characters on. */
export const POST_COUNTER_FROM = 900;
/** A board's live page: the newest posts it listens to; older ones page by this many. */
export const BOARD_PAGE_SIZE = 50;
/**
 * The header's 「掲示板に新着」 looks at these boards of the signed-in user: their soonest upcoming
 * events (organized or taken part in) and their newest teams (docs/board.md).
 */
export const HEADER_BOARD_EVENTS = 6;
export const HEADER_BOARD_TEAMS = 3;

/** Picture types an upload may have (storage.rules agree): raster images only, no SVG. */
export const UPLOADABLE_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;

/** Staff area (docs/staff.md): page size of its lists, and the dashboard's "new users" window. */
export const STAFF_PAGE_SIZE = 20;
export const NEW_USERS_WINDOW_DAYS = 7;
/** A report's free text, and a staff member's note (cancellation, suspension, resolution). */
export const REPORT_DETAIL_MAX = 1000;
export const STAFF_NOTE_MAX = 500;
/** config/admin lists every admin; the rules bound the list to this size. */
export const ADMINS_MAX = 50;
/**
 * Staff event search (both backends): events examined per page at most, read in batches. The
 * local backend examines events newest first; Firebase only those holding the keyword's search
 * token.
 */
export const STAFF_EVENT_SCAN_MAX = 500;
export const STAFF_EVENT_SCAN_BATCH = 50;
/** Events updated per write when an organizer's name or photo changes (Firestore allows 500). */
export const ORGANIZER_SYNC_BATCH = 100;

/**
 * How long after an event's end its organizer may record and change attendance (出席 /
 * 欠席（連絡あり） / 無断欠席): from the end until this many days later (docs/profile.md).
 */
export const ATTENDANCE_WINDOW_DAYS = 14;
/** attendance.forEvent: the marks of one event (one per participant; the cap bounds the read). */
export const ATTENDANCE_MARKS_LIMIT = 1000;

/** fees (docs/fees.md): the most an organizer records for one person's payment, in yen. */
export const FEE_AMOUNT_MAX = 1_000_000;
/** fees: the organizer's note beside a payment. */
export const FEE_NOTE_MAX = 200;
/** fees.forEvent: the payment records of one event (one per participant; bounds the read). */
export const FEE_RECORDS_LIMIT = 1000;
