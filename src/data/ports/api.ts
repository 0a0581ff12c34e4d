/**
 * The product's own HTTP endpoints of SPEC §7 (Cloud Functions, or the local outbox).
 *
 * Other users' email addresses are private on Firebase (users/{uid}/private/account is readable
 * by its owner and staff only), so a client there cannot fill in a recipient's address. Every
 * payload therefore names its recipient by uid, and the server looks the address up itself
 * rather than trusting one sent by a client. Both participation payloads are built by
 * approvalEmailPayload / rejectionEmailPayload (src/domain/notification-emails.ts).
 */
export interface ApprovalEmail {
  type: 'event_approved';
  /**
   * SPEC §7. The requester's address where the calling backend may read it (local); '' from a
   * backend whose client may not read other users' addresses (Firebase): the server then
   * resolves it from recipientId.
   */
  recipientEmail: string;
  /** uid of the requester being mailed. */
  recipientId: string;
  /** The approved participation request: the server checks the caller organizes its event. */
  requestId: string;
  eventTitle: string;
  /** The event day as yyyy-MM-dd (formatIsoDate); the mail renders it for reading. */
  eventDate: string;
  eventLocation: string;
  eventId: string;
}

export interface RejectionEmail {
  type: 'event_rejected';
  /** As in ApprovalEmail: '' where the client may not read it, resolved from recipientId. */
  recipientEmail: string;
  /** uid of the requester being mailed. */
  recipientId: string;
  /** The rejected participation request: the server checks the caller organizes its event. */
  requestId: string;
  eventTitle: string;
  organizerName: string;
}

export interface UnreadMessagePing {
  recipientId: string;
  /** As in ApprovalEmail: '' where the client may not read it, resolved from recipientId. */
  recipientEmail: string;
  senderId: string;
  senderName: string;
  messageId: string;
  conversationId: string;
}

/**
 * The statements follow the convention in ./backend.ts. The participation and conversations
 * ports call these after their own write has succeeded, through runSideEffect
 * (src/lib/side-effects.ts): a mail never fails or delays the action that caused it, and its
 * failure is logged there.
 */
export interface ApiPort {
  /**
   * Asks for the approval or rejection mail. Resolves once the server has taken the call
   * (whether a mail goes out is its decision). Fails: throws; an answer other than 2xx rejects
   * with "status: body" (401 no or a bad ID token, 403 not the event's organizer, 400 a bad
   * body, 429 throttled), a network failure with the network's error.
   * Caller: the organizer who processed the request.
   */
  sendNotificationEmail(payload: ApprovalEmail | RejectionEmail): Promise<void>;
  /**
   * Asks for the unread-message mail; resolves and fails as sendNotificationEmail (403: not the
   * sender in that conversation). Caller: the sender of the message.
   */
  trackUnreadMessage(payload: UnreadMessagePing): Promise<void>;
}
