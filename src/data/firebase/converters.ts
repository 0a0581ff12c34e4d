import {
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type QuerySnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import {
  participationRequestSchema,
  type ParticipationRequest,
} from '@/domain/entities/participation-request';
import { userProfileSchema, type UserProfile } from '@/domain/entities/user';
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

export function parseDay(ymd: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd?.trim() ?? '');
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? null : d;
}
