import type {
  ParticipationRequest,
  PendingRequestWithEvent,
} from '@/domain/entities/participation-request';

export interface ParticipationPort {
  request(eventId: string, message: string): Promise<string>;
  cancel(requestId: string): Promise<void>;
  approve(requestId: string): Promise<void>;
  reject(requestId: string): Promise<void>;
  /** Empty for an anonymous visitor. */
  myPending(): Promise<PendingRequestWithEvent[]>;
  /** Null for an anonymous visitor. */
  myRequestFor(eventId: string): Promise<ParticipationRequest | null>;
  forEvent(eventId: string): Promise<ParticipationRequest[]>;
  /**
   * How many pending requests the event has (a count, no documents read). Only its signed-in
   * organizer may ask: anyone else, and a missing event, is refused (the local backend with
   * 'noProcessPermission' or 'eventNotFound', Firebase by its rules); a failure rejects.
   */
  pendingCount(eventId: string): Promise<number>;
}
