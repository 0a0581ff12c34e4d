/**
 * Fewer, larger chunks for a first page: each request costs a round trip on a slow mobile
 * connection, and each script the entry asks for costs the main thread 1–3 ms to start on a slow
 * machine (docs/first-page.md). React, the router and TanStack Query go together (every page runs
 * them), and so does the domain and lib code that more than one screen uses, with the small UI
 * building blocks (BASE_UI), zod and what every page's start reads (the session, the use cases'
 * context and registry) — but not what only writes need (the rules that decide writes, the form
 * schemas, image uploads, form drafts), relative times nor the event page's calendar links: those
 * stay with the screens and use cases that use them, off the first page of a visitor who only
 * reads. The reads that several first pages share go in one chunk each (an event's, a profile's,
 * the parts of a detail page) instead of one small chunk per module. Packages other than zod stay
 * where the automatic chunking puts them (Dexie, react-hook-form).
 *
 * Every module is named by its path under src/ without the extension ('data/use-cases/events':
 * .ts or .tsx), and tests/lint/chunk-groups.test.ts fails when one of them no longer exists, so a
 * rename does not silently reshape the chunks.
 */

/** The small building blocks most screens draw with (not the forms, dialogs or pickers). */
export const BASE_UI = [
  'components/ui/avatar',
  'components/ui/button',
  'components/ui/card-grid',
  'components/ui/cover-image',
  'components/ui/detail',
  'components/ui/load-error',
  'components/ui/load-more',
  'components/ui/page',
  'components/ui/panel-card',
  'components/ui/sign-in-to-join',
  'components/ui/spinner',
  'components/ui/status-pill',
];

/** What every page's start reads besides the domain and lib code. */
export const START_READS = [
  'data/use-cases/context',
  'data/use-cases/shared-ports',
  'features/auth/record-login',
  'features/auth/registration',
  'features/auth/session',
];

/**
 * What the Firebase build's entry holds for its early read (src/main.tsx), and the local build's
 * start reads from chunks of their own otherwise: the lists' queries, the cursors, the storage
 * keys (with the local storage adapter's base64 and date-fns's toDate, which it uses).
 */
export const ENTRY_READS = [
  'data/use-cases/list-queries',
  'domain/entities/event-read-fields',
  'data/storage/cursor',
  'lib/storage-keys',
  'data/local/base64',
];

/**
 * Domain and lib modules kept out of the shared chunk: what only writes need, relative times,
 * the calendar links, and the entry's own modules (ENTRY_READS). DECIDING_RULES are the rules
 * that decide writes (all of the folder but the standing rules, which reads use).
 */
export const NOT_SHARED = [
  'domain/relative-time',
  'domain/event-form',
  'domain/team-form',
  'domain/event-calendar',
  'domain/calendar-ics',
  'lib/image-upload',
  'lib/calendar-ics',
  'lib/calendar-download',
  'lib/use-image-upload',
  'lib/form-draft',
  'lib/use-action-runner',
  'lib/storage-keys',
  'domain/list-page-sizes',
  'domain/entities/event-read-fields',
  'domain/fees',
  'domain/check-in',
  'domain/series-recurrence',
  'domain/series',
  'domain/series-list',
  'domain/series-regulars',
  'domain/entities/series-regular',
  'domain/series-changes',
  'domain/board-limits',
];
export const DECIDING_RULES = { folder: 'domain/rules', except: ['domain/rules/standing'] };

/** The groups that hold named modules only, by name. */
export const NAMED_GROUPS = {
  // The Firebase build's way to a first page for a visitor nobody is signed in for (the handover
  // backend and its REST reader): always fetched together, so one chunk, not seven small ones.
  // (Its config, the early request and the lists' queries are the entry's, src/main.tsx: the
  // document id's name and the lists' page sizes are modules of their own for it,
  // src/data/storage/doc-id.ts and src/domain/list-page-sizes.ts. Were the entry's queries to
  // import the storage interface or the domain's constants, grouping those would take the
  // entry's modules into a chunk the entry imports, which the build refuses.)
  'first-read': [
    'data/firebase/open-backend',
    'data/firebase/first-read/handover',
    'data/firebase/first-read/stored-session',
    'data/firebase/first-read/rest-backend',
    'data/firebase/first-read/rest-storage',
    'data/firebase/api',
  ],
  // The home page, the event list, the event page and a profile read events.
  'event-reads': [
    'data/use-cases/events',
    'features/events/event-queries',
    'features/events/use-event-list',
    'features/events/components/event-card',
    'features/events/components/icons',
    'features/events/components/status-badge',
  ],
  // What the pages of an event, a team and a person show beside their own content.
  'detail-parts': [
    'components/ui/linked-text',
    'features/admin/report-button',
    'features/messages/start-conversation-button',
    'features/messages/message-mutations',
  ],
  // A person's public profile and one's own read the same.
  'profile-reads': [
    'data/use-cases/users',
    'features/attendance/attendance-queries',
    'features/profile/profile-queries',
    'features/profile/components/event-rows',
    'features/profile/components/profile-facts',
    'features/profile/components/profile-summary',
    'components/ui/load-more-button',
    'features/profile/components/inline-retry',
  ],
  // The sign-in, registration and password pages' common parts.
  'account-forms': [
    'features/auth/auth-actions',
    'features/auth/auth-errors',
    'features/auth/form-fields',
    'features/auth/sign-up',
  ],
};

/** A test for the modules at these paths under src/. */
function srcModules(paths: readonly string[]): (id: string) => boolean {
  const alternatives = paths.map((p) => p.replaceAll('/', '[\\\\/]')).join('|');
  const pattern = new RegExp(`[\\\\/]src[\\\\/](${alternatives})\\.tsx?$`);
  return (id) => pattern.test(id);
}

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/;
const DATE_FNS_TO_DATE = /node_modules[\\/]date-fns[\\/](toDate|constructFrom|constants)\.js$/;
const DOMAIN_OR_LIB = /[\\/]src[\\/](domain|lib)[\\/]/;
const STORAGE_INTERFACE = srcModules(['data/storage/storage']);
const ZOD = /node_modules[\\/]zod[\\/]/;

/** The chunk groups of a build; `firebase`: the Firebase build (its entry reads early). */
export function chunkGroups(firebase: boolean) {
  const baseUi = srcModules(BASE_UI);
  const startReads = srcModules(START_READS);
  const entryReads = srcModules(ENTRY_READS);
  const notShared = srcModules(NOT_SHARED);
  const deciding = (id: string) =>
    new RegExp(`[\\\\/]src[\\\\/]${DECIDING_RULES.folder.replaceAll('/', '[\\\\/]')}[\\\\/]`).test(
      id,
    );
  const readRules = srcModules(DECIDING_RULES.except);
  const named = Object.entries(NAMED_GROUPS).map(([name, paths]) => ({
    name,
    test: srcModules(paths),
    priority: 2,
    includeDependenciesRecursively: false,
  }));
  return [
    { name: 'framework', test: FRAMEWORK, priority: 3 },
    ...named,
    {
      name: 'shared',
      test: (id: string) =>
        ((DOMAIN_OR_LIB.test(id) || baseUi(id)) &&
          !notShared(id) &&
          !(deciding(id) && !readRules(id))) ||
        startReads(id) ||
        STORAGE_INTERFACE(id) ||
        ZOD.test(id) ||
        // The Firebase build's entry holds these itself: grouped, they would leave it (see
        // first-read above).
        (!firebase && (entryReads(id) || DATE_FNS_TO_DATE.test(id))),
      priority: 1,
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
  ];
}
