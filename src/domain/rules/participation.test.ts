import {
  participationRequestSchema,
  type ParticipationRequest,
  type RequestStatus,
} from '@/domain/entities/participation-request';
import { isDomainError } from '@/domain/errors';
import { MY_PENDING_LIMIT } from '@/domain/constants';
import { PLACEHOLDER_EVENT_INFO } from '@/domain/entities/participation-request';
import { actorOf, refusedAsDone } from '@/test/actors';
import { ORGANIZER, sportEvent } from '@/test/fixtures';
import {
  compareOrganizerOrder,
  decideApprove,
  decideCancel,
  decideReject,
  decideRequest,
  inOrganizerOrder,
  mayListEventRequests,
  organizerOrderKey,
  pendingFromFallback,
  requestThatCounts,
  requestVisibleTo,
} from '@/domain/rules/participation';

const USER = 'u1';

/** Before the test events (10 May 2099, 10:00), and after their end. */
const NOW = new Date(2026, 0, 1);
const LATER = new Date(2100, 0, 1);

const event = (overrides: Record<string, unknown> = {}) =>
  sportEvent({ date: new Date(2099, 4, 10), startTime: '10:00', ...overrides });

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
    actor: actorOf(USER),
    event: event(),
    myRequests: [],
    requesterName: '佐藤 花子',
    message: '  よろしくお願いします  ',
    now: NOW,
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

  it('creates a pending request under the id of user and event, and tells the organizer without words', () => {
    expect(decideRequest(input())).toEqual({
      id: 'e1_u1',
      request: { userId: USER, eventId: 'e1', message: 'よろしくお願いします', status: 'pending' },
      notify: {
        id: 'e1_u1_participation_request',
        userId: ORGANIZER,
        type: 'participation_request',
        data: {
          eventId: 'e1',
          requestId: 'e1_u1',
          eventTitle: '朝サッカー',
          requesterName: '佐藤 花子',
        },
      },
    });
  });

  it('never carries the request message into the notification', () => {
    const { notify } = decideRequest(input({ message: 'http://phish.example/ ログインはこちら' }));
    expect(JSON.stringify(notify)).not.toContain('phish');
  });

  it('needs a verified address and an active account before anything else', () => {
    expect(() =>
      decideRequest(input({ actor: actorOf(USER, { emailVerified: false }), event: null })),
    ).toThrow('この操作にはメールアドレスの確認が必要です。確認メールのリンクを開いてください');
    expect(() => decideRequest(input({ actor: actorOf(USER, { suspended: true }) }))).toThrow(
      'このアカウントは利用停止中のため、この操作はできません',
    );
  });

  it('needs a signed-in user and an existing event', () => {
    expect(() => decideRequest(input({ actor: null }))).toThrow(
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

describe('repeats of what already happened', () => {
  const requestAgain = (myRequests: ParticipationRequest[]) => () =>
    decideRequest({
      actor: actorOf(USER),
      event: event(),
      myRequests,
      requesterName: '',
      message: '',
      now: NOW,
    });
  const process =
    (decide: typeof decideApprove | typeof decideReject, status: RequestStatus, by = ORGANIZER) =>
    () =>
      decide({ actor: actorOf(by), request: request(status), event: event(), now: NOW });

  it('a second request while mine is pending is the same request again', () => {
    expect(refusedAsDone(requestAgain([request('pending')]))).toBe(true);
  });

  it('the organizer approving an approved request, or rejecting a rejected one, is a repeat', () => {
    expect(refusedAsDone(process(decideApprove, 'approved'))).toBe(true);
    expect(refusedAsDone(process(decideReject, 'rejected'))).toBe(true);
  });

  it('deciding the other way, or by someone else, stays an error', () => {
    expect(refusedAsDone(process(decideApprove, 'rejected'))).toBe(false);
    expect(refusedAsDone(process(decideReject, 'approved'))).toBe(false);
    expect(refusedAsDone(process(decideApprove, 'approved', 'someone-else'))).toBe(false);
    expect(refusedAsDone(() => decideCancel(actorOf(USER), request('approved')))).toBe(false);
  });
});

describe('decideCancel', () => {
  it('lets the requester cancel their own request', () => {
    expect(() => decideCancel(actorOf(USER), request())).not.toThrow();
  });

  it('needs a signed-in user', () => {
    expect(() => decideCancel(null, request())).toThrow('操作にはログインが必要です');
  });

  it('needs an existing request', () => {
    expect(() => decideCancel(actorOf(USER), null)).toThrow('参加リクエストが見つかりません');
  });

  it('refuses cancelling a request that was already approved or rejected', () => {
    expect(() => decideCancel(actorOf(USER), request('approved'))).toThrow(
      'このリクエストは既に処理されています',
    );
    expect(() => decideCancel(actorOf(USER), request('rejected'))).toThrow(
      'このリクエストは既に処理されています',
    );
  });

  it("refuses cancelling someone else's request", () => {
    expect(() => decideCancel(actorOf('someone-else'), request())).toThrow(
      'このリクエストをキャンセルする権限がありません',
    );
  });
});

describe('decideApprove', () => {
  it('adds the requester and notifies them of the approval', () => {
    expect(
      decideApprove({
        now: NOW,
        actor: actorOf(ORGANIZER),
        request: request(),
        event: event({ participants: ['a'] }),
      }),
    ).toEqual({
      participants: ['a', USER],
      notify: {
        id: 'r1_participation_approved',
        userId: USER,
        type: 'participation_approved',
        data: { eventId: 'e1', requestId: 'r1', eventTitle: '朝サッカー' },
      },
    });
  });

  it('does not add a requester who is already a participant', () => {
    const d = decideApprove({
      now: NOW,
      actor: actorOf(ORGANIZER),
      request: request(),
      event: event({ participants: [USER, 'a'] }),
    });
    expect(d.participants).toEqual([USER, 'a']);
  });

  it('approves a requester already inside a full event', () => {
    const d = decideApprove({
      now: NOW,
      actor: actorOf(ORGANIZER),
      request: request(),
      event: event({ capacity: 1, participants: [USER] }),
    });
    expect(d.participants).toEqual([USER]);
  });

  it.each(['cancelled', 'finished'] as const)('refuses to add anyone to a %s event', (status) => {
    expect(() =>
      decideApprove({
        now: NOW,
        actor: actorOf(ORGANIZER),
        request: request(),
        event: event({ status }),
      }),
    ).toThrow('このイベントは現在参加を受け付けていません');
  });

  it('still approves into a closed event (closed to new requests, not to pending ones)', () => {
    const d = decideApprove({
      now: NOW,
      actor: actorOf(ORGANIZER),
      request: request(),
      event: event({ status: 'closed' }),
    });
    expect(d.participants).toEqual([USER]);
  });

  it('refuses to approve into a full event', () => {
    expect(() =>
      decideApprove({
        now: NOW,
        actor: actorOf(ORGANIZER),
        request: request(),
        event: event({ capacity: 1, participants: ['a'] }),
      }),
    ).toThrow('このイベントは定員に達しています');
  });

  it.each(['approved', 'rejected'] as const)('refuses a request already %s', (status) => {
    expect(() =>
      decideApprove({
        now: NOW,
        actor: actorOf(ORGANIZER),
        request: request(status),
        event: event(),
      }),
    ).toThrow('このリクエストは既に処理されています');
  });

  it('needs a signed-in user, the request and the event', () => {
    expect(() =>
      decideApprove({ now: NOW, actor: null, request: request(), event: event() }),
    ).toThrow('操作にはログインが必要です');
    expect(() =>
      decideApprove({ now: NOW, actor: actorOf(ORGANIZER), request: null, event: event() }),
    ).toThrow('参加リクエストが見つかりません');
    expect(() =>
      decideApprove({ now: NOW, actor: actorOf(ORGANIZER), request: request(), event: null }),
    ).toThrow('イベントが見つかりません');
  });

  it('refuses anyone but the organizer', () => {
    expect(() =>
      decideApprove({ now: NOW, actor: actorOf(USER), request: request(), event: event() }),
    ).toThrow('このリクエストを処理する権限がありません');
  });

  it('reports an already processed request before checking who asks', () => {
    try {
      decideApprove({
        now: NOW,
        actor: actorOf(USER),
        request: request('approved'),
        event: event(),
      });
      expect.unreachable();
    } catch (e) {
      expect(isDomainError(e, 'alreadyProcessed')).toBe(true);
    }
  });
});

describe('decideReject', () => {
  it('notifies the requester of the rejection and changes no participants', () => {
    const d = decideReject({ actor: actorOf(ORGANIZER), request: request(), event: event() });
    expect(d).toEqual({
      notify: {
        id: 'r1_participation_rejected',
        userId: USER,
        type: 'participation_rejected',
        data: { eventId: 'e1', requestId: 'r1', eventTitle: '朝サッカー' },
      },
    });
  });

  it('rejects even when the event is full', () => {
    expect(() =>
      decideReject({
        actor: actorOf(ORGANIZER),
        request: request(),
        event: event({ capacity: 1, participants: ['a'] }),
      }),
    ).not.toThrow();
  });

  it.each(['approved', 'rejected'] as const)('refuses a request already %s', (status) => {
    expect(() =>
      decideReject({ actor: actorOf(ORGANIZER), request: request(status), event: event() }),
    ).toThrow('このリクエストは既に処理されています');
  });

  it('needs a signed-in user, the request and the event', () => {
    expect(() => decideReject({ actor: null, request: request(), event: event() })).toThrow(
      '操作にはログインが必要です',
    );
    expect(() =>
      decideReject({ actor: actorOf(ORGANIZER), request: null, event: event() }),
    ).toThrow('参加リクエストが見つかりません');
    expect(() =>
      decideReject({ actor: actorOf(ORGANIZER), request: request(), event: null }),
    ).toThrow('イベントが見つかりません');
  });

  it('lets an unverified organizer process, never a suspended one', () => {
    const unverified = actorOf(ORGANIZER, { emailVerified: false });
    expect(() =>
      decideReject({ actor: unverified, request: request(), event: event() }),
    ).not.toThrow();
    expect(() =>
      decideReject({
        actor: actorOf(ORGANIZER, { suspended: true }),
        request: request(),
        event: event(),
      }),
    ).toThrow('このアカウントは利用停止中のため、この操作はできません');
  });

  it('refuses anyone but the organizer', () => {
    expect(() =>
      decideReject({ actor: actorOf(USER), request: request(), event: event() }),
    ).toThrow('このリクエストを処理する権限がありません');
  });
});

describe('requestVisibleTo', () => {
  it('shows a request to its requester and to the organizer of its event only', () => {
    const r = request();
    expect(requestVisibleTo(USER, r, ORGANIZER)).toBe(r);
    expect(requestVisibleTo(ORGANIZER, r, ORGANIZER)).toBe(r);
    expect(requestVisibleTo('stranger', r, ORGANIZER)).toBeNull();
    expect(requestVisibleTo('stranger', r, null)).toBeNull();
    expect(requestVisibleTo(null, r, ORGANIZER)).toBeNull();
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

describe('inOrganizerOrder and compareOrganizerOrder', () => {
  const at = (hh: string) => new Date(`2024-05-01T${hh}:00:00Z`);

  it('puts pending requests first, oldest first, then decided ones, latest decision first', () => {
    const list = [
      request('approved', { id: 'a', createdAt: at('01'), updatedAt: at('05') }),
      request('pending', { id: 'p2', createdAt: at('03'), updatedAt: at('03') }),
      request('rejected', { id: 'r', createdAt: at('02'), updatedAt: at('09') }),
      request('pending', { id: 'p1', createdAt: at('02'), updatedAt: at('02') }),
    ];
    expect(inOrganizerOrder(list).map((r) => r.id)).toEqual(['p1', 'p2', 'r', 'a']);
  });

  it('breaks ties by id, ascending while pending and descending once decided', () => {
    const list = [
      request('pending', { id: 'b', createdAt: at('01') }),
      request('pending', { id: 'a', createdAt: at('01') }),
      request('approved', { id: 'c', updatedAt: at('04') }),
      request('rejected', { id: 'd', updatedAt: at('04') }),
    ];
    expect(inOrganizerOrder(list).map((r) => r.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('orders keys as the cursor compares them: later means further down the list', () => {
    const key = (r: ParticipationRequest) => organizerOrderKey(r);
    const pending = key(request('pending', { id: 'p', createdAt: at('10') }));
    const decided = key(request('approved', { id: 'd', createdAt: at('01'), updatedAt: at('02') }));
    expect(compareOrganizerOrder(pending, decided)).toBeLessThan(0);
    expect(compareOrganizerOrder(decided, pending)).toBeGreaterThan(0);
    expect(compareOrganizerOrder(pending, pending)).toBe(0);
    // A decided one without a decision time sorts by when it was made.
    expect(organizerOrderKey(request('rejected', { id: 'x', createdAt: at('07') })).at).toBe(
      at('07').getTime(),
    );
  });
});

describe('the end of an event and a removal bound requests and approvals', () => {
  const removed = { removals: { [USER]: { by: ORGANIZER, reason: 'conduct', at: NOW } } };

  it('refuses a request after the end, or from someone the organizer removed', () => {
    const ask = (overrides: Record<string, unknown>, now = NOW) =>
      decideRequest({
        actor: actorOf(USER),
        event: event(overrides),
        myRequests: [],
        requesterName: '',
        message: '',
        now,
      });
    expect(() => ask({}, LATER)).toThrow('このイベントは終了しています');
    expect(() => ask(removed)).toThrow('主催者により参加が取り消されました');
    expect(ask({}).request.status).toBe('pending');
  });

  it('refuses approving a stale request after the end, yet still lets it be rejected', () => {
    const read = { actor: actorOf(ORGANIZER), request: request(), event: event() };
    expect(() => decideApprove({ ...read, now: LATER })).toThrow('このイベントは終了しています');
    expect(decideApprove({ ...read, now: NOW }).participants).toEqual([USER]);
    expect(decideReject(read).notify.type).toBe('participation_rejected');
  });
});
