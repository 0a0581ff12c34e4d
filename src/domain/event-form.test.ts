import type * as z from 'zod/mini';
import {
  EVENT_FEE_MAX,
  eventFormSchema,
  eventFormSchemaAt,
  type EventFormInput,
} from '@/domain/event-form';
import { EVENT_INPUT } from '@/test/fixtures';

function errorsOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || '(root)'] ??= issue.message;
  return out;
}

const valid: EventFormInput = {
  ...EVENT_INPUT,
  title: ' 朝サッカー ',
  description: '初心者歓迎です',
  fee: '500',
  capacity: '20',
};

const errors = (patch: Partial<Record<keyof EventFormInput, unknown>>) =>
  errorsOf(eventFormSchema, { ...valid, ...patch });

describe('eventFormSchema', () => {
  it('accepts a complete form, trimming text and turning number inputs into numbers', () => {
    expect(eventFormSchema.parse(valid)).toEqual({
      ...valid,
      title: '朝サッカー',
      fee: 500,
      capacity: 20,
    });
  });

  it('title is required and at most 100 characters', () => {
    expect(errors({ title: '  ' })).toEqual({ title: 'タイトルを入力してください' });
    expect(errors({ title: 'あ'.repeat(100) })).toEqual({});
    expect(errors({ title: 'あ'.repeat(101) })).toEqual({
      title: 'タイトルは100文字以内で入力してください',
    });
  });

  it('description is optional and at most 2000 characters', () => {
    expect(errors({ description: '' })).toEqual({});
    expect(errors({ description: 'あ'.repeat(2001) })).toEqual({
      description: '説明は2000文字以内で入力してください',
    });
  });

  it('sportType must be one of the listed sports', () => {
    expect(errors({ sportType: '' })).toEqual({ sportType: '種目を選択してください' });
    expect(errors({ sportType: 'カバディ' })).toEqual({ sportType: '種目を選択してください' });
    expect(errors({ sportType: 'その他' })).toEqual({});
  });

  it('location is required and at most 100 characters', () => {
    expect(errors({ location: '' })).toEqual({ location: '開催場所を入力してください' });
    expect(errors({ location: 'あ'.repeat(101) })).toEqual({
      location: '開催場所は100文字以内で入力してください',
    });
  });

  it('region is one of the regions or empty', () => {
    expect(errors({ region: '' })).toEqual({});
    expect(errors({ region: '九州・沖縄' })).toEqual({});
    expect(errors({ region: '火星' })).toEqual({ region: '地域を一覧から選択してください' });
  });

  it('level is one of the levels', () => {
    expect(errors({ level: '上級者' })).toEqual({});
    expect(errors({ level: 'プロ' })).toEqual({ level: 'レベルを選択してください' });
  });

  it('teamName is at most 50 characters', () => {
    expect(errors({ teamName: 'あ'.repeat(50) })).toEqual({});
    expect(errors({ teamName: 'あ'.repeat(51) })).toEqual({
      teamName: 'チーム名は50文字以内で入力してください',
    });
  });

  it('date is required and a real yyyy-MM-dd day', () => {
    expect(errors({ date: '' })).toEqual({ date: '開催日を入力してください' });
    expect(errors({ date: '2024/05/10' })).toEqual({ date: '開催日を正しく入力してください' });
    expect(errors({ date: '2024-02-30' })).toEqual({ date: '開催日を正しく入力してください' });
    expect(errors({ date: '2024-02-29' })).toEqual({});
  });

  it('startTime is a required HH:mm', () => {
    expect(errors({ startTime: '' })).toEqual({ startTime: '開始時刻を入力してください' });
    expect(errors({ startTime: '25:00' })).toEqual({
      startTime: '開始時刻を正しく入力してください',
    });
    expect(errors({ startTime: '9:00' })).toEqual({
      startTime: '開始時刻を正しく入力してください',
    });
  });

  it('endTime may be empty', () => {
    expect(errors({ endTime: '' })).toEqual({});
  });

  it('endTime must be HH:mm when given', () => {
    expect(errors({ endTime: '12時' })).toEqual({ endTime: '終了時刻を正しく入力してください' });
  });

  it('endTime must be after startTime', () => {
    expect(errors({ startTime: '10:00', endTime: '10:00' })).toEqual({
      endTime: '終了時刻は開始時刻より後にしてください',
    });
    expect(errors({ startTime: '10:00', endTime: '09:59' })).toEqual({
      endTime: '終了時刻は開始時刻より後にしてください',
    });
    expect(errors({ startTime: '09:59', endTime: '10:00' })).toEqual({});
  });

  it('checks the times even when another field is wrong', () => {
    expect(errors({ sportType: '', endTime: '08:00' })).toEqual({
      sportType: '種目を選択してください',
      endTime: '終了時刻は開始時刻より後にしてください',
    });
  });

  it('fee is a whole number of yen, 0 or more', () => {
    expect(eventFormSchema.parse({ ...valid, fee: 0 }).fee).toBe(0);
    expect(eventFormSchema.parse({ ...valid, fee: '0' }).fee).toBe(0);
    expect(errors({ fee: '-1' })).toEqual({ fee: '参加費は0円以上で入力してください' });
    expect(errors({ fee: '100.5' })).toEqual({ fee: '参加費は整数で入力してください' });
    expect(errors({ fee: 'abc' })).toEqual({ fee: '参加費は半角数字で入力してください' });
  });

  it('fee and capacity are required: an empty input is not read as 0 (無料)', () => {
    expect(errors({ fee: '' })).toEqual({ fee: '参加費を入力してください' });
    expect(errors({ fee: '  ' })).toEqual({ fee: '参加費を入力してください' });
    expect(errors({ capacity: '' })).toEqual({ capacity: '定員を入力してください' });
  });

  it('fee is at most EVENT_FEE_MAX yen (firestore.rules agree)', () => {
    expect(eventFormSchema.parse({ ...valid, fee: EVENT_FEE_MAX }).fee).toBe(EVENT_FEE_MAX);
    expect(errors({ fee: String(EVENT_FEE_MAX + 1) })).toEqual({
      fee: '参加費は1,000,000円以下で入力してください',
    });
  });

  it('capacity is a whole number from 1 to 1000', () => {
    expect(eventFormSchema.parse({ ...valid, capacity: '1' }).capacity).toBe(1);
    expect(eventFormSchema.parse({ ...valid, capacity: 1000 }).capacity).toBe(1000);
    expect(errors({ capacity: '0' })).toEqual({ capacity: '定員は1人以上で入力してください' });
    expect(errors({ capacity: '1001' })).toEqual({
      capacity: '定員は1000人以下で入力してください',
    });
    expect(errors({ capacity: '2.5' })).toEqual({ capacity: '定員は整数で入力してください' });
    expect(errors({ capacity: 'たくさん' })).toEqual({
      capacity: '定員は半角数字で入力してください',
    });
  });

  it('image fields are plain strings', () => {
    const parsed = eventFormSchema.parse({
      ...valid,
      imageURL: 'blob:x',
      imagePath: 'events/1_a.png',
    });
    expect(parsed.imageURL).toBe('blob:x');
    expect(parsed.imagePath).toBe('events/1_a.png');
  });
});

describe('eventFormSchemaAt: no start in the past', () => {
  // 2024-05-10 14:30 local time (the device's; JST for the app's users).
  let now = new Date(2024, 4, 10, 14, 30);
  const schema = eventFormSchemaAt(() => now);
  const at = (date: string, startTime: string, extra: Record<string, unknown> = {}) =>
    errorsOf(schema, { ...valid, date, startTime, endTime: '', ...extra });

  it('says so on the day when it is before today', () => {
    expect(at('2024-05-09', '23:00')).toEqual({ date: '過去の日付は指定できません' });
    expect(at('2023-12-31', '10:00')).toEqual({ date: '過去の日付は指定できません' });
    // The day is judged before a time is chosen, and whatever else is wrong.
    expect(at('2024-05-09', '', { title: '' })).toEqual({
      title: 'タイトルを入力してください',
      date: '過去の日付は指定できません',
      startTime: '開始時刻を入力してください',
    });
  });

  it('says so on the start time when it is today and that time has gone', () => {
    expect(at('2024-05-10', '14:29')).toEqual({ startTime: '過去の時刻は指定できません' });
    expect(at('2024-05-10', '09:00', { sportType: '' })).toEqual({
      sportType: '種目を選択してください',
      startTime: '過去の時刻は指定できません',
    });
  });

  it('asks a start at least 15 minutes ahead, and accepts one then or later', () => {
    expect(at('2024-05-10', '14:30')).toEqual({
      startTime: '開始時刻は今から15分以上先にしてください',
    });
    expect(at('2024-05-10', '14:44')).toEqual({
      startTime: '開始時刻は今から15分以上先にしてください',
    });
    expect(at('2024-05-10', '14:45')).toEqual({});
    expect(at('2024-05-10', '23:59')).toEqual({});
    expect(at('2024-05-11', '00:00')).toEqual({});
  });

  it('reads the clock when the form is checked, not when the schema was made', () => {
    expect(at('2024-05-10', '15:00')).toEqual({});
    now = new Date(2024, 4, 10, 14, 50);
    expect(at('2024-05-10', '15:00')).toEqual({
      startTime: '開始時刻は今から15分以上先にしてください',
    });
    now = new Date(2024, 4, 10, 15, 1);
    expect(at('2024-05-10', '15:00')).toEqual({ startTime: '過去の時刻は指定できません' });
    now = new Date(2024, 4, 10, 14, 30);
  });

  it('on an edit, accepts the stored day and start time as they are, even once they have passed', () => {
    const edit = eventFormSchemaAt(() => now, { date: '2024-05-01', startTime: '10:00' });
    const editAt = (date: string, startTime: string) =>
      errorsOf(edit, { ...valid, date, startTime, endTime: '' });
    expect(editAt('2024-05-01', '10:00')).toEqual({});
    expect(editAt('2024-05-01', '11:00')).toEqual({ date: '過去の日付は指定できません' });
    expect(editAt('2024-05-10', '10:00')).toEqual({ startTime: '過去の時刻は指定できません' });
    expect(editAt('2024-05-12', '10:00')).toEqual({});
  });
});
