/** The product's own HTTP endpoints of SPEC §7 (Cloud Functions, or the local outbox). */
export interface ApprovalEmail {
  type: 'event_approved';
  recipientEmail: string;
  eventTitle: string;
  eventDate: string;
  eventLocation: string;
  eventId: string;
}

export interface RejectionEmail {
  type: 'event_rejected';
  recipientEmail: string;
  eventTitle: string;
  organizerName: string;
}

export interface UnreadMessagePing {
  recipientId: string;
  recipientEmail: string;
  senderId: string;
  senderName: string;
  messageId: string;
  conversationId: string;
}

export interface ApiPort {
  sendNotificationEmail(payload: ApprovalEmail | RejectionEmail): Promise<void>;
  trackUnreadMessage(payload: UnreadMessagePing): Promise<void>;
}
