import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import {
  conversationSchema,
  messageSchema,
  type Conversation,
  type Message,
} from '@/domain/entities/conversation';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import {
  participationRequestSchema,
  type ParticipationRequest,
} from '@/domain/entities/participation-request';
import { teamSchema, type Team } from '@/domain/entities/team';
import { reportSchema, type Report } from '@/domain/entities/report';
import { auditEntrySchema, type AuditEntry } from '@/domain/entities/audit';
import { userProfileSchema, type UserProfile } from '@/domain/entities/user';
import type { EventInput } from '@/data/ports/events';
import { logger } from '@/lib/logger';

/**
 * Documents are parsed with the domain's zod schemas, which apply every docs/domain.md "Entities" default and
 * fallback. Pending server timestamps (a write of ours not yet acknowledged) read as the local
 * estimate instead of null, so a message just sent sorts as "now" and not as the epoch.
 */
const READ: SnapshotOptions = { serverTimestamps: 'estimate' };

function readConverter<T>(
  parse: (id: string, data: DocumentData, snap: QueryDocumentSnapshot) => T,
): FirestoreDataConverter<T, DocumentData> {
  return {
    // Writes go through the unconverted references with explicit payloads (serverTimestamp(),
    // increment(), deleteField()); the read model never travels back to the store.
    toFirestore: (model) => model as DocumentData,
    fromFirestore: (
      snap: QueryDocumentSnapshot<DocumentData, DocumentData>,
      options?: SnapshotOptions,
    ) => parse(snap.id, snap.data({ ...options, ...READ }), snap),
  };
}

/** Public part of a profile: users/{uid}. The email lives in users/{uid}/private/account. */
export const userConverter = readConverter<UserProfile>((id, d) =>
  userProfileSchema.parse({ ...d, id }),
);

export const eventConverter = readConverter<SportEvent>((id, d) =>
  sportEventSchema.parse({ ...d, id }),
);

export const requestConverter = readConverter<ParticipationRequest>((id, d) =>
  participationRequestSchema.parse({ ...d, id }),
);

export const conversationConverter = readConverter<Conversation>((id, d) =>
  conversationSchema.parse({ ...d, id }),
);

export const messageConverter = readConverter<Message>((id, d) =>
  messageSchema.parse({ ...d, id }),
);

export const teamConverter = readConverter<Team>((id, d) => teamSchema.parse({ ...d, id }));

export const reportConverter = readConverter<Report>((id, d) => reportSchema.parse({ ...d, id }));

export const auditConverter = readConverter<AuditEntry>((id, d) =>
  auditEntrySchema.parse({ ...d, id }),
);

/**
 * The parsed documents of a query. One malformed document (a required id field missing) is
 * left out and logged rather than failing the whole list.
 */
export function parsedDocs<T>(
  docs: QuerySnapshot<T, DocumentData> | readonly QueryDocumentSnapshot<T, DocumentData>[],
  context: string,
): T[] {
  const out: T[] = [];
  for (const d of 'docs' in docs ? docs.docs : docs) {
    try {
      out.push(d.data());
    } catch (e) {
      logger.warn(`${context}: skipped unreadable document ${d.ref.path}`, e);
    }
  }
  return out;
}

/** yyyy-MM-dd as the local calendar day it names (midnight), stored as a Timestamp. */
export function dayToTimestamp(ymd: string): Timestamp {
  const day = parseDay(ymd);
  if (!day) throw new Error(`Invalid date: ${ymd}`);
  return Timestamp.fromDate(day);
}

export function parseDay(ymd: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd?.trim() ?? '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}

const EVENT_INPUT_KEYS = [
  'title',
  'description',
  'sportType',
  'location',
  'region',
  'level',
  'date',
  'startTime',
  'endTime',
  'fee',
  'capacity',
  'entryMethod',
  'imageURL',
  'imagePath',
] as const satisfies readonly (keyof EventInput)[];

/**
 * The stored form of event fields: only known keys, the day as a Timestamp. The team (teamId,
 * teamName) is decided apart (decideEventTeam) and not written from the input.
 */
export function eventFieldsWrite(input: Partial<EventInput>): DocumentData {
  const out: DocumentData = {};
  for (const key of EVENT_INPUT_KEYS) {
    const v = input[key];
    if (v === undefined) continue;
    out[key] = key === 'date' ? dayToTimestamp(v as string) : v;
  }
  return out;
}
