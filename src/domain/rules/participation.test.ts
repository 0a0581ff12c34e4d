import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import {
  participationRequestSchema,
  type ParticipationRequest,
  type RequestStatus,
} from '@/domain/entities/participation-request';
import { isDomainError } from '@/domain/errors';
import { MY_PENDING_LIMIT } from '@/domain/constants';
import { PLACEHOLDER_EVENT_INFO } from '@/domain/entities/participation-request';
import {
  decideApprove,
  decideCancel,
  decideReject,
  decideRequest,
  mayListEventRequests,
  pendingFromFallback,
  requestThatCounts,
} from '@/domain/rules/participation';

const ORGANIZER = 'org';
const USER = 'u1';

function event(overrides: Record<string, unknown> = {}): SportEvent {
  return sportEventSchema.parse({
    id: 'e1',
    title: '朝サッカー',
    organizerId: ORGANIZER,
    participants: [],
    status: 'open',
    capacity: 10,
    ...overrides,
  });
}

function request(
  status: RequestStatus = 'pending',
  overrides: Record<string, unknown> = {},
): ParticipationRequest {
  return participationRequestSchema.parse({
    id: 'r1',
    userId: USER,
    eventId: 'e1',
    status,
    ...overrides,
  });
}

describe('decideRequest', () => {
  const input = (overrides: Partial<Parameters<typeof decideRequest>[0]> = {}) => ({
    uid: USER,
    event: event(),
    myRequests: [],
    requesterName: '佐藤 花子',
    message: '  よろしくお願いします  ',
    ...overrides,
  });

  it('takes a message of up to 500 characters after trimming, and refuses a longer one', () => {
    expect(decideRequest(input({ message: ` ${'あ'.repeat(500)} ` })).request.message).toHaveLength(
      500,
    );
    expect(() => decideRequest(input({ message: 'あ'.repeat(501) }))).toThrow(
      'メッセージは500文字以内で入力してください',
    );
  });

  it('creates a pending request with the trimmed message and tells the organizer', () => {
    expect(decideRequest(input())).toEqual({
      request: { userId: USER, eventId: 'e1', message: 'よろしくお願いします', status: 'pending' },
      notify: {
        userId: ORGANIZER,
        type: 'participation_request',
        title: '参加リクエストが届きました',
        content: '佐藤 花子さんが「朝サッカー」への参加をリクエストしました',
        data: { eventId: 'e1', userId: USER },
      },
    });
  });

  it('calls a nameless requester ユーザー', () => {
    expect(decideRequest(input({ requesterName: '' })).notify.content).toBe(
      'ユーザーさんが「朝サッカー」への参加をリクエストしました',
    );
  });

  it('needs a signed-in user and an existing event', () => {
    expect(() => decideRequest(input({ uid: null }))).toThrow(
      'User must be authenticated to join events',
    );
    expect(() => decideRequest(input({ event: null }))).toThrow('イベントが見つかりません');
  });

  it('refuses a user who already takes part', () => {
    expect(() => decideRequest(input({ event: event({ participants: [USER] }) }))).toThrow(
      'すでにこのイベントに参加しています',
    );
  });

  it('refuses a second pending request for the same event', () => {
    expect(() => decideRequest(input({ myRequests: [request('pending')] }))).toThrow(
      '既に参加リクエストを送信済みです。主催者の承認をお待ちください。',
    );
  });

  it('allows a new request after an earlier one was rejected, or with pending requests elsewhere', () => {
    expect(() => decideRequest(input({ myRequests: [request('rejected')] }))).not.toThrow();
    expect(() =>
      decideRequest(input({ myRequests: [request('pending', { eventId: 'other' })] })),
    ).not.toThrow();
  });

  it('refuses an event that is not open', () => {
    expect(() => decideRequest(input({ event: event({ status: 'closed' }) }))).toThrow(
      'このイベントは現在参加を受け付けていません',
    );
  });

  it('refuses a full event', () => {
    expect(() =>
      decideRequest(input({ event: event({ capacity: 1, participants: ['x'] }) })),
    ).toThrow('このイベントは定員に達しています');
  });
});

describe('decideCancel', () => {
  it('lets the requester cancel their own request', () => {
    expect(() => decideCancel(USER, request())).not.toThrow();
  });

  it('needs a signed-in user', () => {
    expect(() => decideCancel(null, request())).toThrow('操作にはログインが必要です');
  });

  it('needs an existing request', () => {
    expect(() => decideCancel(USER, null)).toThrow('参加リクエストが見つかりません');
  });

  it('refuses cancelling a request that was already approved or rejected', () => {
    expect(() => decideCancel(USER, request('approved'))).toThrow(
      'このリクエストは既に処理されています',
    );
    expect(() => decideCancel(USER, request('rejected'))).toThrow(
      'このリクエストは既に処理されています',
    );
  });

  it("refuses cancelling someone else's request", () => {
    expect(() => decideCancel('someone-else', request())).toThrow(
      'このリクエストをキャンセルする権限がありません',
    );
  });
});

describe('decideApprove', () => {
  it('adds the requester and notifies them of the approval', () => {
    expect(
      decideApprove({ uid: ORGANIZER, request: request(), event: event({ participants: ['a'] }) }),
    ).toEqual({
      participants: ['a', USER],
      notify: {
        userId: USER,
        type: 'participation_approved',
        title: '参加リクエストが承認されました',
        content: '「朝サッカー」への参加が承認されました',
        data: { eventId: 'e1' },
      },
    });
  });

  it('does not add a requester who is already a participant', () => {
    const d = decideApprove({
      uid: ORGANIZER,
      request: request(),
      event: event({ participants: [USER, 'a'] }),
    });
    expect(d.participants).toEqual([USER, 'a']);
  });

  it('approves a requester already inside a full event', () => {
    const d = decideApprove({
      uid: ORGANIZER,
      request: request(),
      event: event({ capacity: 1, participants: [USER] }),
    });
    expect(d.participants).toEqual([USER]);
  });

  it.each(['cancelled', 'finished'] as const)('refuses to add anyone to a %s event', (status) => {
    expect(() =>
      decideApprove({ uid: ORGANIZER, request: request(), event: event({ status }) }),
    ).toThrow('このイベントは現在参加を受け付けていません');
  });

  it('still approves into a closed event (closed to new requests, not to pending ones)', () => {
    const d = decideApprove({
      uid: ORGANIZER,
      request: request(),
      event: event({ status: 'closed' }),
    });
    expect(d.participants).toEqual([USER]);
  });

  it('refuses to approve into a full event', () => {
    expect(() =>
      decideApprove({
        uid: ORGANIZER,
        request: request(),
        event: event({ capacity: 1, participants: ['a'] }),
      }),
    ).toThrow('このイベントは定員に達しています');
  });

  it.each(['approved', 'rejected'] as const)('refuses a request already %s', (status) => {
    expect(() =>
      decideApprove({ uid: ORGANIZER, request: request(status), event: event() }),
    ).toThrow('このリクエストは既に処理されています');
  });

  it('needs a signed-in user, the request and the event', () => {
    expect(() => decideApprove({ uid: null, request: request(), event: event() })).toThrow(
      '操作にはログインが必要です',
    );
    expect(() => decideApprove({ uid: ORGANIZER, request: null, event: event() })).toThrow(
      '参加リクエストが見つかりません',
    );
    expect(() => decideApprove({ uid: ORGANIZER, request: request(), event: null })).toThrow(
      'イベントが見つかりません',
    );
  });

  it('refuses anyone but the organizer', () => {
    expect(() => decideApprove({ uid: USER, request: request(), event: event() })).toThrow(
      'このリクエストを処理する権限がありません',
    );
  });

  it('reports an already processed request before checking who asks', () => {
    try {
      decideApprove({ uid: USER, request: request('approved'), event: event() });
      expect.unreachable();
    } catch (e) {
      expect(isDomainError(e, 'alreadyProcessed')).toBe(true);
    }
  });
});

describe('decideReject', () => {
  it('notifies the requester of the rejection and changes no participants', () => {
    const d = decideReject({ uid: ORGANIZER, request: request(), event: event() });
    expect(d).toEqual({
      notify: {
        userId: USER,
        type: 'participation_rejected',
        title: '参加リクエストが承認されませんでした',
        content: '「朝サッカー」への参加リクエストは承認されませんでした',
        data: { eventId: 'e1' },
      },
    });
  });

  it('rejects even when the event is full', () => {
    expect(() =>
      decideReject({
        uid: ORGANIZER,
        request: request(),
        event: event({ capacity: 1, participants: ['a'] }),
      }),
    ).not.toThrow();
  });

  it.each(['approved', 'rejected'] as const)('refuses a request already %s', (status) => {
    expect(() =>
      decideReject({ uid: ORGANIZER, request: request(status), event: event() }),
    ).toThrow('このリクエストは既に処理されています');
  });

  it('needs a signed-in user, the request and the event', () => {
    expect(() => decideReject({ uid: null, request: request(), event: event() })).toThrow(
      '操作にはログインが必要です',
    );
    expect(() => decideReject({ uid: ORGANIZER, request: null, event: event() })).toThrow(
      '参加リクエストが見つかりません',
    );
    expect(() => decideReject({ uid: ORGANIZER, request: request(), event: null })).toThrow(
      'イベントが見つかりません',
    );
  });

  it('refuses anyone but the organizer', () => {
    expect(() => decideReject({ uid: USER, request: request(), event: event() })).toThrow(
      'このリクエストを処理する権限がありません',
    );
  });
});

describe('requestThatCounts', () => {
  const at = (iso: string) => new Date(iso);

  it('is the pending request, even when a processed one looks newer', () => {
    const pending = request('pending', { id: 'p', createdAt: at('2024-05-01T10:00:00Z') });
    const rejected = request('rejected', { id: 'x', createdAt: at('2024-05-02T10:00:00Z') });
    expect(requestThatCounts([rejected, pending])?.id).toBe('p');
  });

  it('is otherwise the newest request, so a new one after a rejection counts', () => {
    const old = request('rejected', { id: 'old', createdAt: at('2024-05-01T10:00:00Z') });
    const approved = request('approved', { id: 'new', createdAt: at('2024-05-03T10:00:00Z') });
    expect(requestThatCounts([old, approved])?.id).toBe('new');
    expect(requestThatCounts([approved, old])?.id).toBe('new');
  });

  it('is null without requests', () => {
    expect(requestThatCounts([])).toBeNull();
  });
});

describe('mayListEventRequests', () => {
  it("lets only the event's organizer see its requests", () => {
    expect(mayListEventRequests(ORGANIZER, event())).toBe(true);
    expect(mayListEventRequests(USER, event())).toBe(false);
    expect(mayListEventRequests(null, event())).toBe(false);
    expect(mayListEventRequests(ORGANIZER, null)).toBe(false);
  });
});

describe('pendingFromFallback', () => {
  it('keeps the pending requests, newest first, with placeholder event info and the list cap', () => {
    const requests = [
      request('approved', { id: 'a', createdAt: new Date(3000) }),
      request('pending', { id: 'old', createdAt: new Date(1000) }),
      request('rejected', { id: 'r', createdAt: new Date(4000) }),
      request('pending', { id: 'new', createdAt: new Date(2000) }),
    ];
    const list = pendingFromFallback(requests);
    expect(list.map((r) => r.id)).toEqual(['new', 'old']);
    expect(list[0]!.event).toEqual(PLACEHOLDER_EVENT_INFO);

    const many = Array.from({ length: MY_PENDING_LIMIT + 5 }, (_, i) =>
      request('pending', { id: `p${i}`, createdAt: new Date(i) }),
    );
    expect(pendingFromFallback(many)).toHaveLength(MY_PENDING_LIMIT);
  });
});
