import { teamFormSchema, type TeamFormInput } from '@/domain/team-form';

const valid: TeamFormInput = {
  name: '世田谷フットサルクラブ',
  description: '',
  sportType: 'フットサル',
  region: '',
  level: '誰でも',
  activity: '',
  maxMembers: '20',
  recruiting: true,
  imageURL: '',
  imagePath: '',
};

function errors(over: Partial<Record<keyof TeamFormInput, unknown>>): Record<string, string> {
  const result = teamFormSchema.safeParse({ ...valid, ...over });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('teamFormSchema', () => {
  it('accepts the minimum: a name, a sport, a level and a limit', () => {
    const parsed = teamFormSchema.parse(valid);
    expect(parsed.maxMembers).toBe(20);
    expect(parsed.region).toBe('');
  });

  it('needs a name of 1–40 characters, trimmed', () => {
    expect(errors({ name: '   ' })).toEqual({ name: 'チーム名を入力してください' });
    expect(errors({ name: 'あ'.repeat(40) })).toEqual({});
    expect(errors({ name: 'あ'.repeat(41) })).toEqual({
      name: 'チーム名は40文字以内で入力してください',
    });
  });

  it('limits the description to 1,000 and the activity to 50 characters', () => {
    expect(errors({ description: 'あ'.repeat(1000) })).toEqual({});
    expect(errors({ description: 'あ'.repeat(1001) })).toEqual({
      description: '紹介文は1000文字以内で入力してください',
    });
    expect(errors({ activity: 'あ'.repeat(51) })).toEqual({
      activity: '活動日・頻度は50文字以内で入力してください',
    });
  });

  it('takes a whole member limit of 2–200', () => {
    const message = '上限人数は2〜200人で入力してください';
    expect(errors({ maxMembers: '1' })).toEqual({ maxMembers: message });
    expect(errors({ maxMembers: '201' })).toEqual({ maxMembers: message });
    expect(errors({ maxMembers: '2.5' })).toEqual({
      maxMembers: '上限人数は整数で入力してください',
    });
    expect(errors({ maxMembers: '200' })).toEqual({});
  });

  it('takes sports, regions and levels from the lists only', () => {
    expect(errors({ sportType: '' })).toEqual({ sportType: '種目を選択してください' });
    expect(errors({ region: '火星' })).toEqual({ region: '地域を一覧から選択してください' });
    expect(errors({ level: 'プロ' })).toEqual({ level: 'レベルを選択してください' });
  });
});
