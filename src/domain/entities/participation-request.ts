import * as z from 'zod/mini';
import { optionalTime, text } from './common';

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/**
 * A refused request reads 見送り to the person who asked, wherever they read it: this status,
 * the notification (見送られました), the mail setting and the mail itself. Only the organizer's own
 * button says 却下.
 */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  pending: '承認待ち',
  approved: '承認済み',
  rejected: '見送り',
};

/**
 * What every join request stores (an event's here, a team's in team.ts) besides what it asks
 * to join: an unknown status reads as pending.
 */
export const requestFields = () => ({
  id: z.string(),
  userId: z.string(),
  message: text(),
  status: z.pipe(
    z.nullish(z.string()),
    z.transform((v): RequestStatus =>
      REQUEST_STATUSES.includes(v as RequestStatus) ? (v as RequestStatus) : 'pending',
    ),
  ),
  createdAt: optionalTime,
  updatedAt: optionalTime,
});

export const participationRequestSchema = z.lazy(() =>
  z.object({
    ...requestFields(),
    eventId: z.string(),
    /** Made when its requester moved up from the キャンセル待ち of a 承認制 event. */
    fromWaitlist: z.pipe(
      z.nullish(z.boolean()),
      z.transform((v) => v ?? false),
    ),
  }),
);

export type ParticipationRequest = z.output<typeof participationRequestSchema>;

/**
 * A user's request for an event has one id, derived from both (docs/security.md "Participation requests"): so a
 * user has at most one request per event, asking again after a rejection reopens that same
 * request, and the rules find the request behind an approval without a pointer on the event.
 */
export function requestIdFor(eventId: string, uid: string): string {
  return `${eventId}_${uid}`;
}

/** A pending request of mine, with what the list shows of its event. */
export interface PendingRequestWithEvent extends ParticipationRequest {
  event: { title: string; date: Date | null; location: string };
}

/** Placeholder event info used by the fallback query of docs/domain.md "Errors". */
export const PLACEHOLDER_EVENT_INFO = {
  title: 'イベント情報を取得中',
  date: null,
  location: '',
} as const;
