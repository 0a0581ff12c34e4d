import { privateProfileSchema, type ProfileSave } from '@/domain/entities/user';
import { FAILURE_MESSAGES } from '@/domain/errors';
import {
  ageOn,
  privateProfileOf,
  profileWrites,
  publicProfileFields,
  stalePublicFields,
} from '@/domain/profile';

const NOW = new Date(2024, 4, 10, 12, 0); // 10 May 2024, local

const hidden = privateProfileSchema.parse({ gender: 'female', birthDate: '1990-05-11' });

function save(overrides: Partial<ProfileSave> = {}): ProfileSave {
  return {
    displayName: ' 佐藤 花子 ',
    bio: 'テニスが好きです',
    location: ' 横浜市 ',
    gender: 'female',
    birthDate: '1990-05-11',
    genderVisibility: 'private',
    birthDateVisibility: 'private',
    photoURL: '',
    photoPath: '',
    ...overrides,
  };
}

describe('ageOn', () => {
  it('counts whole years on the local calendar, the birthday itself included', () => {
    expect(ageOn('1990-05-11', NOW)).toBe(33);
    expect(ageOn('1990-05-10', NOW)).toBe(34);
    expect(ageOn('1990-04-30', NOW)).toBe(34);
    expect(ageOn('1990-06-01', NOW)).toBe(33);
  });

  it('has a 29 February birthday come on 1 March in other years', () => {
    expect(ageOn('2000-02-29', new Date(2023, 1, 28))).toBe(22);
    expect(ageOn('2000-02-29', new Date(2023, 2, 1))).toBe(23);
  });

  it('is null without a date, for an unreadable one and for one in the future', () => {
    expect(ageOn('', NOW)).toBeNull();
    expect(ageOn('1990-02-31', NOW)).toBeNull();
    expect(ageOn('2030-01-01', NOW)).toBeNull();
  });
});

describe('publicProfileFields', () => {
  it('shows nothing by default', () => {
    expect(publicProfileFields(hidden, NOW)).toEqual({ gender: '', birthDate: '', age: null });
  });

  it('shows the gender when public, but never 回答しない', () => {
    expect(publicProfileFields({ ...hidden, genderVisibility: 'public' }, NOW).gender).toBe(
      'female',
    );
    expect(
      publicProfileFields({ ...hidden, gender: 'unspecified', genderVisibility: 'public' }, NOW)
        .gender,
    ).toBe('');
  });

  it('shows the date, or the age alone, as chosen', () => {
    expect(publicProfileFields({ ...hidden, birthDateVisibility: 'date' }, NOW)).toEqual({
      gender: '',
      birthDate: '1990-05-11',
      age: null,
    });
    expect(publicProfileFields({ ...hidden, birthDateVisibility: 'age' }, NOW)).toEqual({
      gender: '',
      birthDate: '',
      age: 33,
    });
    expect(
      publicProfileFields({ ...hidden, birthDate: '', birthDateVisibility: 'age' }, NOW).age,
    ).toBeNull();
  });
});

describe('privateProfileOf', () => {
  it('reads a stored document, anything unreadable as unset and private', () => {
    expect(
      privateProfileOf(
        { gender: 'robot', birthDate: 'soon', genderVisibility: 'all', birthDateVisibility: 1 },
        null,
      ),
    ).toEqual({
      gender: '',
      birthDate: '',
      genderVisibility: 'private',
      birthDateVisibility: 'private',
    });
  });

  it('takes the values an older version left on the public profile, hidden', () => {
    expect(privateProfileOf(null, { gender: 'male', birthDate: '1980-02-03' })).toEqual({
      gender: 'male',
      birthDate: '1980-02-03',
      genderVisibility: 'private',
      birthDateVisibility: 'private',
    });
    expect(privateProfileOf(undefined, null)).toEqual({
      gender: '',
      birthDate: '',
      genderVisibility: 'private',
      birthDateVisibility: 'private',
    });
  });
});

describe('stalePublicFields', () => {
  it('is null while the public profile matches', () => {
    const shown = { ...hidden, birthDateVisibility: 'age' as const };
    expect(stalePublicFields({ gender: '', birthDate: '', age: 33 }, shown, NOW)).toBeNull();
  });

  it('gives the fields to write for an age gone up and for values left public', () => {
    const shown = { ...hidden, birthDateVisibility: 'age' as const };
    expect(
      stalePublicFields({ gender: '', birthDate: '', age: 33 }, shown, new Date(2024, 4, 11)),
    ).toEqual({ gender: '', birthDate: '', age: 34 });
    expect(
      stalePublicFields({ gender: 'female', birthDate: '1990-05-11', age: null }, hidden, NOW),
    ).toEqual({ gender: '', birthDate: '', age: null });
  });
});

describe('profileWrites', () => {
  it('splits one save into the public and the private document, trimmed', () => {
    expect(profileWrites('u1', save({ birthDateVisibility: 'age' }), NOW)).toEqual({
      publicFields: {
        displayName: '佐藤 花子',
        bio: 'テニスが好きです',
        location: '横浜市',
        photoURL: '',
        photoPath: '',
        gender: '',
        birthDate: '',
        age: 33,
      },
      privateFields: {
        gender: 'female',
        birthDate: '1990-05-11',
        genderVisibility: 'private',
        birthDateVisibility: 'age',
      },
    });
  });

  it("accepts a photo in the owner's folder and refuses one elsewhere", () => {
    const mine = { photoURL: 'https://x/p.png', photoPath: 'users/u1/1_p.png' };
    expect(profileWrites('u1', save(mine), NOW).publicFields).toMatchObject(mine);
    expect(() => profileWrites('u1', save({ photoPath: 'users/u10/1_p.png' }), NOW)).toThrow(
      FAILURE_MESSAGES['permission-denied'],
    );
    expect(() => profileWrites('u1', save({ photoPath: 'events/u1/1_p.png' }), NOW)).toThrow(
      FAILURE_MESSAGES['permission-denied'],
    );
  });

  it('refuses what the form refuses, with its Japanese messages', () => {
    expect(() => profileWrites('u1', save({ displayName: '  ' }), NOW)).toThrow(
      '表示名を入力してください',
    );
    expect(() => profileWrites('u1', save({ bio: 'あ'.repeat(501) }), NOW)).toThrow(
      '自己紹介は500文字以内で入力してください',
    );
    expect(() => profileWrites('u1', save({ birthDate: '1899-12-31' }), NOW)).toThrow(
      '生年月日は1900年1月1日以降の日付を入力してください',
    );
    expect(() => profileWrites('u1', save({ birthDate: '2999-01-01' }), NOW)).toThrow(
      '生年月日に未来の日付は指定できません',
    );
    expect(() => profileWrites('u1', save({ birthDate: '1990-13-01' }), NOW)).toThrow(
      '生年月日の形式が正しくありません',
    );
  });
});
