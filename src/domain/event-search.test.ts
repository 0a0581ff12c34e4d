import {
  keywordMatcher,
  keywordTerms,
  normalizeForSearch,
  SEARCH_TOKENS_MAX,
  searchTokenFor,
  searchTokensOf,
} from '@/domain/event-search';

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

describe('search tokens (what Firebase looks a keyword up by)', () => {
  it('stores every character and neighbouring pair of each folded word, once', () => {
    expect(searchTokensOf({ title: 'ＡＢa', location: '駒沢 公園' }).sort()).toEqual(
      ['a', 'b', 'ab', 'ba', '駒', '沢', '駒沢', '公', '園', '公園'].sort(),
    );
    // No pair across a space: a keyword term never holds one.
    expect(searchTokensOf({ title: 'a b', location: '' })).not.toContain('a b');
    expect(searchTokensOf({ title: '🏀ボール', location: '' })).toContain('🏀ボ');
  });

  it('looks a keyword up by the first pair of its longest term, or its one character', () => {
    expect(searchTokenFor('サッカー 駒沢')).toBe('サッ');
    expect(searchTokenFor('ＳＯＣＣＥＲ')).toBe('so');
    expect(searchTokenFor('  卓 ')).toBe('卓');
    expect(searchTokenFor('   ')).toBeNull();
    expect(searchTokenFor(null)).toBeNull();
  });

  it('finds every event the keyword matches: its token is among the event tokens', () => {
    const events = [
      soccer,
      tennis,
      { title: '第２回 ﾃﾆｽ大会', location: '大阪市中央体育館' },
      { title: 'バスケ🏀 3on3', location: 'Ｔｏｋｙｏ Ｂａｙ' },
    ];
    const keywords = [
      'soccer 駒沢',
      '練習',
      '第2回',
      'テニス',
      'osaka dome',
      '🏀',
      '3on3 tokyo',
      '体育',
    ];
    let found = 0;
    for (const keyword of keywords) {
      for (const e of events) {
        if (!keywordMatcher(keyword)(e)) continue;
        found++;
        expect(searchTokensOf(e)).toContain(searchTokenFor(keyword));
      }
    }
    expect(found).toBe(9);
  });

  const distinct = (n: number) =>
    Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');

  it('fits the longest title and place (100 characters each) under SEARCH_TOKENS_MAX', () => {
    const tokens = searchTokensOf({ title: distinct(100), location: distinct(200).slice(100) });
    expect(tokens).toHaveLength(2 * (100 + 99));
    expect(tokens.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
  });

  it('stops at SEARCH_TOKENS_MAX tokens (a folded text may be longer than typed)', () => {
    expect(searchTokensOf({ title: distinct(300), location: '' })).toHaveLength(SEARCH_TOKENS_MAX);
  });
});
