import {
  keywordMatcher,
  keywordTerms,
  normalizeForSearch,
  SEARCH_DESCRIPTION_CHARS,
  SEARCH_TOKENS_MAX,
  searchTokenFor,
  searchTokensOf,
  type KeywordSearchable,
} from '@/domain/event-search';

/** An event's searched texts, empty unless given. */
const ev = (fields: Partial<KeywordSearchable>): KeywordSearchable => ({
  title: '',
  sportType: '',
  location: '',
  organizerName: '',
  teamName: '',
  description: '',
  ...fields,
});

const matches = (e: Partial<KeywordSearchable>, keyword: string | null | undefined) =>
  keywordMatcher(keyword)(ev(e));

const soccer = ev({ title: 'Morning Soccer 練習', location: '駒沢公園' });
const tennis = ev({ title: '平日テニス', location: 'Osaka Dome' });

describe('normalizeForSearch: one fold for stored text and typed keywords', () => {
  it('folds hiragana, half-width katakana and katakana to the same text', () => {
    expect(normalizeForSearch('ふっとさる')).toBe('フットサル');
    expect(normalizeForSearch('ﾌｯﾄｻﾙ')).toBe('フットサル');
    expect(normalizeForSearch('フットサル')).toBe('フットサル');
    // Voiced marks typed separately on half-width keyboards join their kana.
    expect(normalizeForSearch('ﾊﾞﾄﾞﾐﾝﾄﾝ')).toBe(normalizeForSearch('ばどみんとん'));
    expect(normalizeForSearch('ｰ')).toBe('ー');
    expect(normalizeForSearch('ゔぁ ゝ')).toBe('ヴァ ヽ');
  });

  it('folds full-width and half-width letters and digits, and letter case', () => {
    expect(normalizeForSearch('ＦＣ')).toBe('fc');
    expect(normalizeForSearch('Fc')).toBe('fc');
    expect(normalizeForSearch('第２回')).toBe('第2回');
    expect(normalizeForSearch('a\u3000b')).toBe('a b');
  });

  it('leaves kanji and other scripts as they are', () => {
    expect(normalizeForSearch('山田 太郎')).toBe('山田 太郎');
    expect(normalizeForSearch('🏀')).toBe('🏀');
  });
});

describe('keyword search over the searched texts', () => {
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
    expect(matches({ teamName: 'ＦＣ駒沢' }, 'fc')).toBe(true);
    expect(matches({ teamName: 'fc駒沢' }, 'ＦＣ')).toBe(true);
  });

  it('finds katakana by hiragana and by half-width katakana, and the reverse', () => {
    const futsal = { title: '平日夜フットサル', location: '渋谷' };
    for (const k of ['ふっとさる', 'ﾌｯﾄｻﾙ', 'フットサル', 'フット さる']) {
      expect(matches(futsal, k)).toBe(true);
    }
    expect(matches({ title: 'みんなでらんにんぐ' }, 'ランニング')).toBe(true);
    expect(matches(futsal, 'さっかー')).toBe(false);
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

  it("searches the sport, the organizer's name, the team name and the description too", () => {
    const e = {
      title: '朝の部',
      location: '代々木公園',
      sportType: 'フットサル',
      organizerName: '山田 太郎',
      teamName: 'ＦＣ代々木',
      description: '初心者歓迎です。ストレッチから始めます。',
    };
    for (const k of ['ふっとさる', '山田', '太郎', 'fc', 'すとれっち', '山田 ふっとさる']) {
      expect(matches(e, k)).toBe(true);
    }
    expect(matches(e, '鈴木')).toBe(false);
  });

  it('searches the first SEARCH_DESCRIPTION_CHARS characters of the description', () => {
    const pad = '。'.repeat(SEARCH_DESCRIPTION_CHARS - 2);
    expect(matches({ description: `${pad}卓球` }, '卓球')).toBe(true);
    expect(matches({ description: `${pad}。卓球` }, '卓球')).toBe(false);
  });

  it('reuses the folded terms across events', () => {
    const match = keywordMatcher('  Soccer ');
    expect([soccer, tennis].filter(match)).toEqual([soccer]);
    expect(normalizeForSearch('ＡＢＣ')).toBe('abc');
  });
});

describe('search tokens (what Firebase looks a keyword up by)', () => {
  it('stores every character and neighbouring pair of each folded word, once', () => {
    expect(searchTokensOf(ev({ title: 'ＡＢa', location: '駒沢 公園' })).sort()).toEqual(
      ['a', 'b', 'ab', 'ba', '駒', '沢', '駒沢', '公', '園', '公園'].sort(),
    );
    // No pair across a space: a keyword term never holds one.
    expect(searchTokensOf(ev({ title: 'a b' }))).not.toContain('a b');
    expect(searchTokensOf(ev({ title: '🏀ボール' }))).toContain('🏀ボ');
    // Folded: no hiragana, half-width kana, full-width letters or capitals are stored.
    expect(searchTokensOf(ev({ title: 'ふっとｻﾙ ＦＣ' })).sort()).toEqual(
      ['フ', 'ッ', 'ト', 'サ', 'ル', 'フッ', 'ット', 'トサ', 'サル', 'f', 'c', 'fc'].sort(),
    );
  });

  it('looks a keyword up by the first pair of its longest term, or its one character', () => {
    expect(searchTokenFor('サッカー 駒沢')).toBe('サッ');
    expect(searchTokenFor('ＳＯＣＣＥＲ')).toBe('so');
    expect(searchTokenFor('ふっとさる')).toBe('フッ');
    expect(searchTokenFor('ﾌｯﾄｻﾙ')).toBe('フッ');
    expect(searchTokenFor('  卓 ')).toBe('卓');
    expect(searchTokenFor('   ')).toBeNull();
    expect(searchTokenFor(null)).toBeNull();
  });

  it('finds every event the keyword matches: its token is among the event tokens', () => {
    const events = [
      soccer,
      tennis,
      ev({ title: '第２回 ﾃﾆｽ大会', location: '大阪市中央体育館', organizerName: '山田 太郎' }),
      ev({ title: 'バスケ🏀 3on3', location: 'Ｔｏｋｙｏ Ｂａｙ', teamName: 'ＦＣ東京' }),
      ev({ title: '夜の部', sportType: 'フットサル', description: 'ビギナー歓迎' }),
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
      'ふっとさる',
      'ﾌｯﾄｻﾙ',
      '山田',
      'fc',
      'びぎなー',
    ];
    let found = 0;
    for (const keyword of keywords) {
      for (const e of events) {
        if (!keywordMatcher(keyword)(e)) continue;
        found++;
        expect(searchTokensOf(e)).toContain(searchTokenFor(keyword));
      }
    }
    expect(found).toBe(14);
  });

  const distinct = (n: number) =>
    Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + i)).join('');

  it('fits the longest searched texts under SEARCH_TOKENS_MAX', () => {
    const all = distinct(2000);
    const longest = ev({
      title: all.slice(0, 100),
      sportType: 'バスケットボール',
      location: all.slice(100, 200),
      organizerName: all.slice(200, 230),
      teamName: all.slice(230, 280),
      description: all.slice(280),
    });
    const tokens = searchTokensOf(longest);
    // Every character and pair of each text, the description cut at SEARCH_DESCRIPTION_CHARS.
    const chars = [100, 8, 100, 30, 50, SEARCH_DESCRIPTION_CHARS];
    expect(tokens).toHaveLength(chars.reduce((n, c) => n + 2 * c - 1, 0));
    expect(tokens.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
  });

  it('stops at SEARCH_TOKENS_MAX tokens (a folded text may be longer than typed)', () => {
    const tokens = searchTokensOf(ev({ title: distinct(700) }));
    expect(tokens).toHaveLength(SEARCH_TOKENS_MAX);
    // Tokens are kept in the order of the texts: what is cut is the end.
    expect(tokens[0]).toBe(distinct(1));
  });
});
