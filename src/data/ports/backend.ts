import type { ApiPort } from './api';
import type { AuthPort } from './auth';
import type { ConversationsPort } from './conversations';
import type { EventsPort } from './events';
import type { FilesPort } from './files';
import type { NotificationsPort } from './notifications';
import type { ParticipationPort } from './participation';
import type { ReportsPort } from './reports';
import type { StaffPort } from './staff';
import type { TeamsPort } from './teams';
import type { UsersPort } from './users';

export type BackendKind = 'local' | 'firebase';

/** Everything the features need from a backend; src/app picks the implementation. */
export interface Backend {
  kind: BackendKind;
  auth: AuthPort;
  users: UsersPort;
  events: EventsPort;
  participation: ParticipationPort;
  notifications: NotificationsPort;
  conversations: ConversationsPort;
  teams: TeamsPort;
  reports: ReportsPort;
  staff: StaffPort;
  files: FilesPort;
  api: ApiPort;
  /** Local backend only: the captured mail and the demo data reset. */
  dev?: DevTools;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  body: string;
  links: string[];
  sentAt: Date;
}

export interface DevTools {
  outbox(): Promise<OutboxMail[]>;
  clearOutbox(): Promise<void>;
  resetDemoData(): Promise<void>;
  demoAccounts: { email: string; password: string; label: string }[];
}
