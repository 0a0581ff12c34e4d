import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';

const request = { id: 'req1', userId: 'requester1' };

describe('the mail payloads after a processed request', () => {
  it('name the request and its requester, nothing the server reads itself', () => {
    expect(approvalEmailPayload(request)).toEqual({
      type: 'event_approved',
      recipientId: 'requester1',
      requestId: 'req1',
    });
    expect(rejectionEmailPayload(request)).toEqual({
      type: 'event_rejected',
      recipientId: 'requester1',
      requestId: 'req1',
    });
  });
});
