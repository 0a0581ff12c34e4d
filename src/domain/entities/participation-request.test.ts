import {
  participationRequestSchema,
  PLACEHOLDER_EVENT_INFO,
  REQUEST_STATUS_LABELS,
} from '@/domain/entities/participation-request';

const base = { id: 'r1', userId: 'u1', eventId: 'e1' };

describe('participationRequestSchema', () => {
  it('defaults status to pending, message to empty and times to null', () => {
    expect(participationRequestSchema.parse(base)).toEqual({
      ...base,
      message: '',
      status: 'pending',
      fromWaitlist: false,
      createdAt: null,
      updatedAt: null,
    });
  });

  it.each(['pending', 'approved', 'rejected'] as const)('keeps the status %s', (status) => {
    expect(participationRequestSchema.parse({ ...base, status }).status).toBe(status);
  });

  it('reads an unknown status as pending', () => {
    expect(participationRequestSchema.parse({ ...base, status: 'maybe' }).status).toBe('pending');
  });

  it('reads times in any stored shape', () => {
    const t = new Date(2024, 2, 3, 4, 5);
    const r = participationRequestSchema.parse({
      ...base,
      createdAt: { toDate: () => t },
      updatedAt: t.toISOString(),
    });
    expect(r.createdAt).toEqual(t);
    expect(r.updatedAt).toEqual(t);
  });

  it('has Japanese labels for every status and a placeholder for unknown events', () => {
    expect(REQUEST_STATUS_LABELS).toEqual({
      pending: '承認待ち',
      approved: '承認済み',
      rejected: '見送り',
    });
    expect(PLACEHOLDER_EVENT_INFO).toEqual({
      title: 'イベント情報を取得中',
      date: null,
      location: '',
    });
  });
});
