import { apiContract } from './api.contract';
import { attendanceContract } from './attendance.contract';
import { authContract } from './auth.contract';
import { conversationsContract } from './conversations.contract';
import { eventChangesContract } from './event-changes.contract';
import { eventsContract } from './events.contract';
import { filesContract } from './files.contract';
import { notificationsContract } from './notifications.contract';
import { participationContract } from './participation.contract';
import { rosterContract } from './roster.contract';
import { seriesContract } from './series.contract';
import { staffContract } from './staff.contract';
import { standingContract } from './standing.contract';
import { storageContract } from './storage.contract';
import { teamsContract } from './teams.contract';
import { usersContract } from './users.contract';
import { demoSeedContract } from './demo-seed.contract';
import {
  createLocalHarness,
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
  seriesContract(createLocalHarness);
  demoSeedContract(createSeededLocalBackend);
});
