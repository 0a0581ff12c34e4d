import {
  keywordMatcher,
  keywordTerms,
  matchesKeyword,
  normalizeForSearch,
} from '@/domain/event-search';

const soccer = { title: 'Morning Soccer 練習', location: '駒沢公園' };
const tennis = { title: '平日テニス', location: 'Osaka Dome' };

describe('keyword search over title and place', () => {
  it('matches a part of the title or of the place', () => {
    expect(matchesKeyword(soccer, 'Soccer')).toBe(true);
    expect(matchesKeyword(soccer, '練習')).toBe(true);
    expect(matchesKeyword(soccer, '駒沢')).toBe(true);
    expect(matchesKeyword(tennis, 'Dome')).toBe(true);
    expect(matchesKeyword(tennis, 'サッカー')).toBe(false);
  });

  it('ignores case', () => {
    expect(matchesKeyword(soccer, 'soccer')).toBe(true);
    expect(matchesKeyword(tennis, 'OSAKA')).toBe(true);
  });

  it('folds full-width and half-width forms (NFKC), as typed through an IME', () => {
    expect(matchesKeyword(soccer, 'ＳＯＣＣＥＲ')).toBe(true);
    expect(matchesKeyword({ title: '第２回大会', location: '' }, '第2回')).toBe(true);
    expect(matchesKeyword({ title: 'ﾃﾆｽ教室', location: '' }, 'テニス')).toBe(true);
    expect(matchesKeyword({ title: 'テニス教室', location: '' }, 'ﾃﾆｽ')).toBe(true);
  });

  it('needs every whitespace-separated term, each in the title or the place', () => {
    expect(matchesKeyword(soccer, 'soccer 駒沢')).toBe(true);
    expect(matchesKeyword(soccer, '駒沢　soccer')).toBe(true); // ideographic space
    expect(matchesKeyword(soccer, 'soccer 大阪')).toBe(false);
    // A term does not run from the end of the title into the place.
    expect(matchesKeyword(soccer, '練習駒沢')).toBe(false);
  });

  it('treats an empty or blank keyword as no filter', () => {
    for (const k of ['', '   ', '\u3000', undefined, null]) {
      expect(matchesKeyword(tennis, k)).toBe(true);
      expect(keywordTerms(k)).toEqual([]);
    }
  });

  it('searches nothing but the title and the place', () => {
    const e = {
      title: '朝ヨガ',
      location: '代々木公園',
      description: 'ストレッチ',
      sportType: 'ヨガ',
    };
    expect(matchesKeyword(e, 'ストレッチ')).toBe(false);
  });

  it('reuses the folded terms across events', () => {
    const match = keywordMatcher('  Soccer ');
    expect([soccer, tennis].filter(match)).toEqual([soccer]);
    expect(normalizeForSearch('ＡＢＣ')).toBe('abc');
  });
});
