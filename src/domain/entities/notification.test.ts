import {
  notificationIdFor,
  notificationSchema,
  notificationLink,
  notificationText,
  notificationTime,
  requesterNameOf,
} from '@/domain/entities/notification';

const base = { id: 'n1', userId: 'u1' };

describe('notificationSchema (docs/domain.md "Entities")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 4, 10, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('defaults read to false, data to {} and type to system', () => {
    const n = notificationSchema.parse(base);
    expect(n).toMatchObject({
      id: 'n1',
      userId: 'u1',
      title: '',
      content: '',
      type: 'system',
      read: false,
      data: {},
    });
  });

  it('reads null read and data as their defaults', () => {
    const n = notificationSchema.parse({ ...base, read: null, data: null });
    expect(n.read).toBe(false);
    expect(n.data).toEqual({});
  });

  it('keeps stored values', () => {
    const n = notificationSchema.parse({
      ...base,
      title: '承認',
      content: '参加が承認されました',
      type: 'participation_approved',
      read: true,
      data: { eventId: 'e1' },
    });
    expect(n).toMatchObject({
      type: 'participation_approved',
      read: true,
      data: { eventId: 'e1' },
    });
  });

  it('exposes one timestamp and drops the raw time fields', () => {
    const n = notificationSchema.parse({
      ...base,
      clientTimestamp: new Date(2024, 0, 1),
      date: new Date(2024, 0, 2),
    });
    expect(n.timestamp).toEqual(new Date(2024, 0, 1));
    expect(n).not.toHaveProperty('clientTimestamp');
    expect(n).not.toHaveProperty('date');
  });

  it('uses now when no time field is present', () => {
    expect(notificationSchema.parse(base).timestamp).toEqual(new Date(2024, 4, 10, 12, 0, 0));
  });
});

describe('notification timestamp preference (docs/domain.md "Entities")', () => {
  const client = new Date(2024, 0, 1, 10);
  const server = new Date(2024, 0, 2, 10);
  const dated = new Date(2024, 0, 3, 10);
  const numeric = new Date(2024, 0, 4, 10);
  const now = new Date(2024, 0, 5, 10);
  const clock = () => now;
  const serverTs = { toDate: () => server };

  it('1. prefers the client timestamp over everything else', () => {
    expect(
      notificationTime(
        { clientTimestamp: { toDate: () => client }, timestamp: serverTs, date: dated },
        clock,
      ),
    ).toEqual(client);
  });

  it('2. without a client timestamp, takes the server timestamp', () => {
    expect(notificationTime({ timestamp: serverTs, date: dated }, clock)).toEqual(server);
    expect(
      notificationTime(
        { timestamp: { seconds: server.getTime() / 1000, nanoseconds: 0 }, date: dated },
        clock,
      ),
    ).toEqual(server);
  });

  it('2. skips a client timestamp that is still pending (null) or unreadable', () => {
    expect(notificationTime({ clientTimestamp: null, timestamp: serverTs }, clock)).toEqual(server);
    expect(notificationTime({ clientTimestamp: 'garbage', timestamp: serverTs }, clock)).toEqual(
      server,
    );
  });

  it('3. without either timestamp, takes a date (a Date timestamp or the date field)', () => {
    expect(notificationTime({ timestamp: dated }, clock)).toEqual(dated);
    expect(notificationTime({ date: dated, createdAt: numeric.getTime() }, clock)).toEqual(dated);
  });

  it('4. without a date, takes a number', () => {
    expect(notificationTime({ timestamp: numeric.getTime() }, clock)).toEqual(numeric);
    expect(notificationTime({ createdAt: numeric.getTime() }, clock)).toEqual(numeric);
  });

  it('5. with nothing usable, is now', () => {
    expect(notificationTime({}, clock)).toEqual(now);
    expect(notificationTime({ clientTimestamp: null, timestamp: null, date: 'x' }, clock)).toEqual(
      now,
    );
  });

  it('the same order holds through the schema', () => {
    const parse = (raw: Record<string, unknown>) =>
      notificationSchema.parse({ ...base, ...raw }).timestamp;
    expect(parse({ clientTimestamp: client, timestamp: serverTs, date: dated })).toEqual(client);
    expect(parse({ timestamp: serverTs, date: dated })).toEqual(server);
    expect(parse({ date: dated, timestamp: numeric.getTime() })).toEqual(dated);
    expect(parse({ timestamp: numeric.getTime() })).toEqual(numeric);
  });
});

describe('notificationText: the words, rendered from type and data', () => {
  const n = (type: string, data: Record<string, unknown>, stored = { title: '', content: '' }) =>
    notificationSchema.parse({ ...base, type, data, ...stored });

  it('says who asked to join which event', () => {
    expect(
      notificationText(
        n('participation_request', { eventTitle: '朝のテニス', requesterName: '花子' }),
      ),
    ).toEqual({
      title: '参加リクエストが届きました',
      body: '花子さんが「朝のテニス」への参加をリクエストしました',
    });
    expect(notificationText(n('participation_request', { eventTitle: '朝のテニス' })).body).toBe(
      'ユーザーさんが「朝のテニス」への参加をリクエストしました',
    );
  });

  it("tells a regular the server put them on a series' date, or in its キャンセル待ち", () => {
    const data = { eventTitle: '木曜フットサル', day: '2026-12-10', eventId: 'e1' };
    expect(notificationText(n('regular_placed', { ...data, waiting: false }))).toEqual({
      title: 'レギュラーとして参加登録しました',
      body: '定期開催「木曜フットサル」の12月10日(木)に参加登録しました',
    });
    expect(notificationText(n('regular_placed', { ...data, waiting: true }))).toEqual({
      title: 'レギュラーとしてキャンセル待ちに登録しました',
      body: '定期開催「木曜フットサル」の12月10日(木)のキャンセル待ちに登録しました',
    });
    expect(notificationText(n('regular_placed', {})).body).toBe('定期開催に参加登録しました');
  });

  it('reminds of an event the day before, or on its day, with its day, time and place', () => {
    // 29 November 2026 (a Sunday), 10:00 wherever the test runs: the screen shows local time.
    const startsAt = new Date(2026, 10, 29, 10, 0).toISOString();
    const data = {
      eventTitle: '週末フットサル',
      location: '代々木公園',
      startTime: '10:00',
      startsAt,
    };
    expect(notificationText(n('event_reminder', { ...data, day: 'tomorrow' }))).toEqual({
      title: '明日はイベントの日です',
      body: '「週末フットサル」は 11月29日(日) 10:00 から 代々木公園 で開催されます',
    });
    expect(notificationText(n('event_reminder', { ...data, day: 'today' })).title).toBe(
      '今日はイベントの日です',
    );
    expect(notificationText(n('event_reminder', { ...data, location: '' })).body).toBe(
      '「週末フットサル」は 11月29日(日) 10:00 から開催されます',
    );
    expect(notificationText(n('event_reminder', { ...data, startTime: '' })).body).toBe(
      '「週末フットサル」は 11月29日(日) に 代々木公園 で開催されます',
    );
    expect(notificationText(n('event_reminder', {})).body).toBe('イベントは開催されます');
  });

  it('says an approval or a rejection, and copes without the title', () => {
    expect(notificationText(n('participation_approved', { eventTitle: '夜ラン' }))).toEqual({
      title: '参加リクエストが承認されました',
      body: '「夜ラン」への参加が承認されました',
    });
    expect(notificationText(n('participation_rejected', {}))).toEqual({
      title: '参加リクエストが見送られました',
      body: 'イベントへの参加リクエストは見送られました',
    });
  });

  it('says which team a join request, an approval or a rejection is about', () => {
    expect(
      notificationText(
        n('team_join_request', { teamName: '週末フットサル部', requesterName: '鈴木 一郎' }),
      ),
    ).toEqual({
      title: 'チームへの参加リクエストが届きました',
      body: '鈴木 一郎さんが「週末フットサル部」への参加をリクエストしました',
    });
    expect(notificationText(n('team_join_request', { teamName: '朝ラン会' })).body).toBe(
      'ユーザーさんが「朝ラン会」への参加をリクエストしました',
    );
    expect(notificationText(n('team_join_approved', { teamName: '朝ラン会' })).body).toBe(
      '「朝ラン会」のメンバーになりました',
    );
    expect(notificationText(n('team_join_rejected', {})).body).toBe(
      'チームへの参加リクエストは見送られました',
    );
  });

  it('leads a team notification to its team, any other to its event', () => {
    expect(notificationLink(n('team_join_approved', { teamId: 't 1', requestId: 'r1' }))).toBe(
      '/teams/t%201',
    );
    expect(notificationLink(n('participation_approved', { eventId: 'e1' }))).toBe('/events/e1');
    expect(notificationLink(n('system', {}))).toBeNull();
    expect(notificationLink(n('team_join_request', { teamId: 7 }))).toBeNull();
  });

  it('never renders a value of the wrong type', () => {
    expect(
      notificationText(n('participation_approved', { eventTitle: { $: 'http://phish.example/' } }))
        .body,
    ).toBe('イベントへの参加が承認されました');
  });

  it('shows what an older document stored, and a generic line for an unknown type', () => {
    expect(
      notificationText(n('participation_approved', {}, { title: '承認', content: '旧文面' })),
    ).toEqual({ title: '承認', body: '旧文面' });
    expect(notificationText(n('promotion', {}))).toEqual({ title: 'お知らせ', body: '' });
  });

  it('derives one id per request and outcome, and the requester name as the rules read it', () => {
    expect(notificationIdFor('e1_u1', 'participation_approved')).toBe(
      'e1_u1_participation_approved',
    );
    expect(requesterNameOf({ displayName: '花子' })).toBe('花子');
    expect(requesterNameOf({ displayName: 7 })).toBe('');
    expect(requesterNameOf(null)).toBe('');
  });
});
