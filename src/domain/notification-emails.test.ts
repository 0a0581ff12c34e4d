import { approvalEmailPayload, rejectionEmailPayload } from '@/domain/notification-emails';

const request = { id: 'req1', userId: 'requester1' };
const event = {
  id: 'ev1',
  title: '朝ヨガ',
  date: new Date(2030, 4, 10), // 10 May 2030, local midnight as stored
  location: '代々木公園',
  organizerName: '山田 太郎',
};

describe('approvalEmailPayload', () => {
  it('carries the SPEC §7 fields, the recipient and request ids, and the day as yyyy-MM-dd', () => {
    expect(approvalEmailPayload({ request, event, recipientEmail: 'a@example.com' })).toEqual({
      type: 'event_approved',
      recipientEmail: 'a@example.com',
      recipientId: 'requester1',
      requestId: 'req1',
      eventTitle: '朝ヨガ',
      eventDate: '2030-05-10',
      eventLocation: '代々木公園',
      eventId: 'ev1',
    });
  });

  it('formats the local calendar day, also late in the evening', () => {
    const late = { ...event, date: new Date(2030, 0, 5, 23, 59) };
    expect(approvalEmailPayload({ request, event: late, recipientEmail: '' }).eventDate).toBe(
      '2030-01-05',
    );
  });

  it('passes an empty address through for the server to resolve from recipientId', () => {
    const payload = approvalEmailPayload({ request, event, recipientEmail: '' });
    expect(payload.recipientEmail).toBe('');
    expect(payload.recipientId).toBe('requester1');
  });
});

describe('rejectionEmailPayload', () => {
  it('carries the SPEC §7 fields and the recipient and request ids', () => {
    expect(
      rejectionEmailPayload({
        request,
        event,
        recipientEmail: 'b@example.com',
        organizerName: '山田 花子',
      }),
    ).toEqual({
      type: 'event_rejected',
      recipientEmail: 'b@example.com',
      recipientId: 'requester1',
      requestId: 'req1',
      eventTitle: '朝ヨガ',
      organizerName: '山田 花子',
    });
  });

  it("falls back to the organizer name stored on the event when the caller's is blank", () => {
    for (const organizerName of ['', '   ']) {
      expect(
        rejectionEmailPayload({ request, event, recipientEmail: '', organizerName }).organizerName,
      ).toBe('山田 太郎');
    }
  });
});
