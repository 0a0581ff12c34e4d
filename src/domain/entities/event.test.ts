import {
  LEGACY_ORGANIZER,
  atTime,
  eventEnd,
  eventStart,
  isFull,
  organizerDisplay,
  sportEventSchema,
  spotsLeft,
} from '@/domain/entities/event';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';

const parse = (raw: Record<string, unknown>) => sportEventSchema.parse({ id: 'e1', ...raw });

describe('sportEventSchema defaults (docs/domain.md "Entities")', () => {
  it('fills every missing field with its default', () => {
    const e = parse({});
    expect(e).toMatchObject({
      id: 'e1',
      title: '',
      description: '',
      sportType: '',
      location: '',
      region: '',
      level: '誰でも',
      teamId: '',
      teamName: '',
      organizerId: '',
      participants: [],
      status: 'open',
      startTime: '',
      endTime: '',
      fee: 0,
      capacity: 0,
      imageURL: '',
      imagePath: '',
      createdAt: null,
    });
  });

  it.each([[undefined], [null], [''], ['   ']])('reads level %j as 誰でも', (level) => {
    expect(parse({ level }).level).toBe('誰でも');
  });

  it('keeps a stored level', () => {
    expect(parse({ level: '上級者' }).level).toBe('上級者');
  });

  it('reads null region and teamName as empty strings', () => {
    const e = parse({ region: null, teamName: null });
    expect(e.region).toBe('');
    expect(e.teamName).toBe('');
  });

  it('keeps known statuses and falls back to open for unknown ones', () => {
    expect(parse({ status: 'closed' }).status).toBe('closed');
    expect(parse({ status: 'cancelled' }).status).toBe('cancelled');
    expect(parse({ status: 'finished' }).status).toBe('finished');
    expect(parse({ status: 'archived' }).status).toBe('open');
    expect(parse({ status: null }).status).toBe('open');
  });

  it('reads fee and capacity given as numeric strings, and garbage as 0', () => {
    const e = parse({ fee: '1500', capacity: 12 });
    expect(e.fee).toBe(1500);
    expect(e.capacity).toBe(12);
    expect(parse({ fee: 'abc', capacity: null }).fee).toBe(0);
    expect(parse({ fee: 'abc', capacity: null }).capacity).toBe(0);
  });
});

describe('sportEventSchema participants', () => {
  it('keeps plain ids', () => {
    expect(parse({ participants: ['u1', 'u2'] }).participants).toEqual(['u1', 'u2']);
  });

  it('reads objects carrying an id (or a uid) as their id', () => {
    const e = parse({ participants: [{ id: 'u1', name: 'A' }, { uid: 'u2' }, 'u3'] });
    expect(e.participants).toEqual(['u1', 'u2', 'u3']);
  });

  it('removes duplicates, keeping the first occurrence', () => {
    const e = parse({ participants: ['u1', { id: 'u2' }, { id: 'u1' }, 'u2', 'u3'] });
    expect(e.participants).toEqual(['u1', 'u2', 'u3']);
  });

  it('drops entries without an id', () => {
    const e = parse({ participants: [null, 42, {}, { id: 7 }, '', 'u1'] });
    expect(e.participants).toEqual(['u1']);
  });

  it('reads a missing or null list as empty', () => {
    expect(parse({ participants: null }).participants).toEqual([]);
  });
});

describe('sportEventSchema date', () => {
  const day = new Date(2024, 4, 10, 0, 0, 0);

  it('reads a Firestore Timestamp through toDate()', () => {
    expect(parse({ date: { toDate: () => new Date(day) } }).date).toEqual(day);
  });

  it('reads a serialized timestamp {seconds, nanoseconds}', () => {
    const seconds = Math.floor(day.getTime() / 1000);
    expect(parse({ date: { seconds, nanoseconds: 500_000_000 } }).date).toEqual(
      new Date(day.getTime() + 500),
    );
  });

  it('reads an ISO string', () => {
    expect(parse({ date: '2024-05-10T09:30:00.000Z' }).date).toEqual(
      new Date(Date.UTC(2024, 4, 10, 9, 30)),
    );
  });

  it('reads a date-only string as that local day', () => {
    expect(parse({ date: '2024-05-10' }).date).toEqual(day);
  });

  it('reads a Date as is', () => {
    expect(parse({ date: day }).date).toEqual(day);
  });

  it('falls back to the epoch when the date is missing or unreadable', () => {
    expect(parse({}).date).toEqual(new Date(0));
    expect(parse({ date: 'not a date' }).date).toEqual(new Date(0));
  });

  it('reads createdAt in any stored shape', () => {
    expect(parse({ createdAt: { toDate: () => day } }).createdAt).toEqual(day);
    expect(parse({ createdAt: 'garbage' }).createdAt).toBeNull();
  });
});

describe('organizerDisplay', () => {
  it('prefers the denormalized fields on the event', () => {
    expect(
      organizerDisplay(
        { organizerName: '山田 太郎', organizerPhotoURL: 'https://img/a.png' },
        { displayName: 'プロフィール名', photoURL: 'https://img/p.png' },
      ),
    ).toEqual({ name: '山田 太郎', photoURL: 'https://img/a.png' });
  });

  it('reads the older field names when the current ones are missing or blank (in the schema)', () => {
    const parse = (extra: Record<string, unknown>) =>
      organizerDisplay(sportEventSchema.parse({ id: 'e', ...extra }));
    expect(
      parse({ organizerName: ' ', organizerDisplayName: '佐藤', organizerPhoto: 'p1' }),
    ).toEqual({ name: '佐藤', photoURL: 'p1' });
    expect(parse({ hostName: '鈴木', hostPhotoURL: 'p2' })).toEqual({
      name: '鈴木',
      photoURL: 'p2',
    });
    expect(sportEventSchema.parse({ id: 'e', hostName: '鈴木' }).organizerName).toBe('鈴木');
  });

  const none = { organizerName: '', organizerPhotoURL: '' };

  it('falls back to the loaded profile', () => {
    expect(organizerDisplay(none, { displayName: '高橋', photoURL: 'p3' })).toEqual({
      name: '高橋',
      photoURL: 'p3',
    });
  });

  it('falls back to 主催者 and no photo when nothing is known', () => {
    expect(organizerDisplay(none)).toEqual({ name: '主催者', photoURL: '' });
    expect(organizerDisplay(sportEventSchema.parse({ id: 'e', organizerName: 42 }), null)).toEqual({
      name: '主催者',
      photoURL: '',
    });
    expect(organizerDisplay(none, { displayName: '', photoURL: '' })).toEqual({
      name: '主催者',
      photoURL: '',
    });
  });
});

describe('event times', () => {
  const day = new Date(2024, 4, 10);

  it('atTime combines the day with an HH:mm time in local time', () => {
    expect(atTime(day, '09:30')).toEqual(new Date(2024, 4, 10, 9, 30));
    expect(atTime(day, ' 9:05 ')).toEqual(new Date(2024, 4, 10, 9, 5));
  });

  it('atTime gives null for an empty or unparseable time', () => {
    expect(atTime(day, '')).toBeNull();
    expect(atTime(day, '9時')).toBeNull();
  });

  it('atTime does not change the day it was given', () => {
    atTime(day, '18:00');
    expect(day).toEqual(new Date(2024, 4, 10));
  });

  it('eventStart is the day at the start time, or the day itself without one', () => {
    expect(eventStart({ date: day, startTime: '10:00' })).toEqual(new Date(2024, 4, 10, 10, 0));
    expect(eventStart({ date: day, startTime: '' })).toEqual(day);
  });

  it('eventEnd is the end time when there is one', () => {
    expect(eventEnd({ date: day, startTime: '10:00', endTime: '12:30' })).toEqual(
      new Date(2024, 4, 10, 12, 30),
    );
  });

  it('eventEnd is start plus 2 hours without an end time', () => {
    expect(eventEnd({ date: day, startTime: '10:00', endTime: '' })).toEqual(
      new Date(2024, 4, 10, 12, 0),
    );
  });

  it('eventEnd is start plus 2 hours when the end time is unparseable or not after the start', () => {
    expect(eventEnd({ date: day, startTime: '10:00', endTime: 'soon' })).toEqual(
      new Date(2024, 4, 10, 12, 0),
    );
    expect(eventEnd({ date: day, startTime: '10:00', endTime: '09:00' })).toEqual(
      new Date(2024, 4, 10, 12, 0),
    );
  });

  it('eventEnd counts 2 hours from midnight when neither time is set', () => {
    expect(eventEnd({ date: day, startTime: '', endTime: '' })).toEqual(
      new Date(2024, 4, 10, 2, 0),
    );
  });
});

describe('capacity', () => {
  it('spotsLeft is capacity minus participants, never below 0', () => {
    expect(spotsLeft({ capacity: 5, participants: ['a', 'b'] })).toBe(3);
    expect(spotsLeft({ capacity: 2, participants: ['a', 'b'] })).toBe(0);
    expect(spotsLeft({ capacity: 1, participants: ['a', 'b'] })).toBe(0);
  });

  it('treats a capacity of 0 as unlimited', () => {
    expect(spotsLeft({ capacity: 0, participants: ['a'] })).toBe(Number.POSITIVE_INFINITY);
    expect(isFull({ capacity: 0, participants: ['a'] })).toBe(false);
  });

  it('isFull when no spot is left', () => {
    expect(isFull({ capacity: 2, participants: ['a'] })).toBe(false);
    expect(isFull({ capacity: 2, participants: ['a', 'b'] })).toBe(true);
    expect(isFull({ capacity: 1, participants: ['a', 'b'] })).toBe(true);
  });
});

describe('EVENT_READ_FIELDS', () => {
  it("lists the schema's fields, in its order, and the organizer's older names", () => {
    const shape = sportEventSchema._zod.innerType._zod.def.out._zod.innerType._zod.def.shape;
    expect(EVENT_READ_FIELDS).toEqual([
      ...Object.keys(shape).filter((field) => field !== 'id'),
      ...LEGACY_ORGANIZER.name,
      ...LEGACY_ORGANIZER.photoURL,
    ]);
  });

  it('holds every field an event is read from: a document cut to them reads the same', () => {
    const stored = {
      title: '朝フットサル',
      description: '初心者歓迎',
      sportType: 'フットサル',
      location: '体育館',
      region: '関東',
      level: '初心者',
      teamId: 't1',
      teamName: 'チーム',
      organizerId: 'u1',
      organizerDisplayName: '佐藤',
      hostPhotoURL: 'https://img/p.png',
      participants: ['u2'],
      entryMethod: 'firstCome',
      waitlist: ['u3'],
      status: 'full',
      date: new Date(2026, 11, 1),
      startTime: '09:00',
      endTime: '11:00',
      fee: 500,
      capacity: 1,
      imageURL: 'https://img/e.png',
      imagePath: 'events/e1/a.png',
      createdAt: new Date(2026, 10, 1),
      staffCancelReason: 'spam',
      searchTokens: ['フッ', 'ット'],
      updatedAt: new Date(2026, 10, 2),
    };
    const cut = Object.fromEntries(
      Object.entries(stored).filter(([field]) => EVENT_READ_FIELDS.includes(field)),
    );
    expect(parse(cut)).toEqual(parse(stored));
    expect(EVENT_READ_FIELDS).not.toContain('searchTokens');
    expect(EVENT_READ_FIELDS).not.toContain('id');
  });
});
