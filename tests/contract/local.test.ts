import { apiContract } from './api.contract';
import { attendanceContract } from './attendance.contract';
import { feesContract } from './fees.contract';
import { checkInContract } from './check-in.contract';
import { authContract } from './auth.contract';
import { conversationsContract } from './conversations.contract';
import { eventChangesContract } from './event-changes.contract';
import { eventEndContract } from './event-end.contract';
import { eventsContract } from './events.contract';
import { filesContract } from './files.contract';
import { followsContract } from './follows.contract';
import { boardsContract } from './boards.contract';
import { notificationsContract } from './notifications.contract';
import { participationContract } from './participation.contract';
import { rosterContract } from './roster.contract';
import { seriesContract } from './series.contract';
import { seriesRegularsContract } from './series-regulars.contract';
import { headcountContract } from './headcount.contract';
import { seriesChangesContract } from './series-changes.contract';
import { seriesHeadcountContract } from './series-headcount.contract';
import { staffContract } from './staff.contract';
import { standingContract } from './standing.contract';
import { storageContract } from './storage.contract';
import { teamsContract } from './teams.contract';
import { usersContract } from './users.contract';
import { demoSeedContract } from './demo-seed.contract';
import { mailReadsContract } from './mail-reads.contract';
import { reminderStoresContract } from './reminder-stores.contract';
import {
  createLocalHarness,
  createLocalMailReadsHarness,
  createLocalReminderStoresHarness,
  createLocalStorageHarness,
  createSeededLocalBackend,
} from './local-harness';
import { describe } from 'vitest';

/** Every port contract against the local backend: fresh fake-indexeddb database per test, no seed. */
describe('local backend', () => {
  storageContract(createLocalStorageHarness);
  authContract(createLocalHarness);
  usersContract(createLocalHarness);
  eventsContract(createLocalHarness);
  eventChangesContract(createLocalHarness);
  participationContract(createLocalHarness);
  notificationsContract(createLocalHarness);
  conversationsContract(createLocalHarness);
  filesContract(createLocalHarness);
  teamsContract(createLocalHarness);
  staffContract(createLocalHarness);
  standingContract(createLocalHarness);
  apiContract(createLocalHarness);
  attendanceContract(createLocalHarness);
  rosterContract(createLocalHarness);
  eventEndContract(createLocalHarness);
  feesContract(createLocalHarness);
  checkInContract(createLocalHarness);
  followsContract(createLocalHarness);
  boardsContract(createLocalHarness);
  seriesContract(createLocalHarness);
  seriesRegularsContract(createLocalHarness);
  headcountContract(createLocalHarness);
  seriesChangesContract(createLocalHarness);
  seriesHeadcountContract(createLocalHarness);
  demoSeedContract(createSeededLocalBackend);
  reminderStoresContract(createLocalReminderStoresHarness);
  mailReadsContract(createLocalMailReadsHarness);
});
