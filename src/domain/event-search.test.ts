import { keywordMatcher, keywordTerms, normalizeForSearch } from '@/domain/event-search';

const matches = (e: { title: string; location: string }, keyword: string | null | undefined) =>
  keywordMatcher(keyword)(e);

const soccer = { title: 'Morning Soccer 練習', location: '駒沢公園' };
const tennis = { title: '平日テニス', location: 'Osaka Dome' };

describe('keyword search over title and place', () => {
  it('matches a part of the title or of the place', () => {
    expect(keywordMatcher('Soccer')(soccer)).toBe(true);
    expect(keywordMatcher('練習')(soccer)).toBe(true);
    expect(keywordMatcher('駒沢')(soccer)).toBe(true);
    expect(keywordMatcher('Dome')(tennis)).toBe(true);
    expect(keywordMatcher('サッカー')(tennis)).toBe(false);
  });

  it('ignores case', () => {
    expect(keywordMatcher('soccer')(soccer)).toBe(true);
    expect(keywordMatcher('OSAKA')(tennis)).toBe(true);
  });

  it('folds full-width and half-width forms (NFKC), as typed through an IME', () => {
    expect(keywordMatcher('ＳＯＣＣＥＲ')(soccer)).toBe(true);
    expect(matches({ title: '第２回大会', location: '' }, '第2回')).toBe(true);
    expect(matches({ title: 'ﾃﾆｽ教室', location: '' }, 'テニス')).toBe(true);
    expect(matches({ title: 'テニス教室', location: '' }, 'ﾃﾆｽ')).toBe(true);
  });

  it('needs every whitespace-separated term, each in the title or the place', () => {
    expect(keywordMatcher('soccer 駒沢')(soccer)).toBe(true);
    expect(keywordMatcher('駒沢　soccer')(soccer)).toBe(true); // ideographic space
    expect(keywordMatcher('soccer 大阪')(soccer)).toBe(false);
    // A term does not run from the end of the title into the place.
    expect(keywordMatcher('練習駒沢')(soccer)).toBe(false);
  });

  it('treats an empty or blank keyword as no filter', () => {
    for (const k of ['', '   ', '\u3000', undefined, null]) {
      expect(matches(tennis, k)).toBe(true);
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
    expect(keywordMatcher('ストレッチ')(e)).toBe(false);
  });

  it('reuses the folded terms across events', () => {
    const match = keywordMatcher('  Soccer ');
    expect([soccer, tennis].filter(match)).toEqual([soccer]);
    expect(normalizeForSearch('ＡＢＣ')).toBe('abc');
  });
});
