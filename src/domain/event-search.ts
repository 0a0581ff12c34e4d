/**
 * The event list's keyword search (EventFilters.keyword), one rule for both backends. Text is
 * folded by normalizeForSearch, so what an IME or a phone keyboard may type in another form still
 * matches. The keyword splits on whitespace into terms; an event matches when every term occurs
 * in one of its searched texts (searchedTexts).
 */

/** Hiragana, and its iteration marks ゝゞ, sit 0x60 below their katakana. */
const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;
const KATAKANA_OFFSET = 0x60;

/**
 * The one fold applied to stored text and to what is typed: NFKC (full-width letters, digits and
 * spaces become half-width, half-width katakana full-width, ﾌｯﾄｻﾙ → フットサル), lower case
 * (ＦＣ → fc), then hiragana as katakana (ふっとさる → フットサル). The kana shift is one range of code
 * points, written here rather than taken from a kana library (wanakana's toKatakana), which by
 * default also turns romaji into kana ("sakka" → サッカ, not wanted for "fc") and would add its
 * romaji tables to the event list's first page for this one shift.
 */
export function normalizeForSearch(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(HIRAGANA, (c) => String.fromCharCode(c.charCodeAt(0) + KATAKANA_OFFSET));
}

/** The folded, non-empty terms of a keyword; none means "no keyword filter". */
export function keywordTerms(keyword: string | null | undefined): string[] {
  return normalizeForSearch(keyword ?? '')
    .split(/\s+/)
    .filter((t) => t !== '');
}

/**
 * The texts an event is searched by. Written out rather than picked from SportEvent, so this
 * file imports nothing and the Cloud Functions compile it (a series' later dates get their
 * tokens on the server: mail/handlers/series-changes.ts).
 */
export interface KeywordSearchable {
  title: string;
  sportType: string;
  location: string;
  organizerName: string;
  teamName: string;
  description: string;
}

/**
 * How much of the description is searched, in characters from its start. The whole of it would
 * need up to 4,000 stored tokens per event, more than Firestore indexes on one document in the
 * list's composite indexes; the opening of a description is where its gist is written.
 */
export const SEARCH_DESCRIPTION_CHARS = 300;

/** The characters of a text, by code point (an emoji or a rare kanji stays one). */
const charsOf = (word: string): string[] => Array.from(word);

/**
 * The texts a keyword is looked for in: title, sport, place, organizer's name, team name and the
 * opening of the description (SEARCH_DESCRIPTION_CHARS), in that order (the order tokens are
 * kept in when they would pass SEARCH_TOKENS_MAX).
 */
function searchedTexts(e: KeywordSearchable): string[] {
  return [
    e.title,
    e.sportType,
    e.location,
    e.organizerName,
    e.teamName,
    charsOf(e.description).slice(0, SEARCH_DESCRIPTION_CHARS).join(''),
  ];
}

/** Folds the keyword once, for scanning many events. */
export function keywordMatcher(
  keyword: string | null | undefined,
): (e: KeywordSearchable) => boolean {
  const terms = keywordTerms(keyword);
  if (terms.length === 0) return () => true;
  return (e) => {
    const texts = searchedTexts(e).map(normalizeForSearch);
    return terms.every((t) => texts.some((text) => text.includes(t)));
  };
}

/**
 * At most this many search tokens are stored per event (the rules refuse more): every one and
 * two-character piece of the longest searched texts fits (title and place 100 characters, sport
 * 8, organizer 30, team 50, description SEARCH_DESCRIPTION_CHARS: 588 characters, at most 1,176
 * tokens). Each token is an entry in every composite index holding searchTokens (17), which
 * keeps an event under Firestore's 40,000 index entries per document.
 */
export const SEARCH_TOKENS_MAX = 1200;

/**
 * The search tokens stored on an event (Firebase's `searchTokens`): every character and every
 * pair of neighbouring characters of each folded word of its searched texts, without repeats.
 * A keyword term never holds whitespace, so whatever it matches lies inside one word, and the
 * term's own first token (searchTokenFor) is among these: a query on that token finds every
 * event the keyword matches, and the few it finds beyond them are dropped by keywordMatcher.
 */
export function searchTokensOf(e: KeywordSearchable): string[] {
  const tokens = new Set<string>();
  for (const text of searchedTexts(e)) {
    for (const word of normalizeForSearch(text).split(/\s+/)) {
      const chars = charsOf(word);
      chars.forEach((c, i) => {
        tokens.add(c);
        if (i + 1 < chars.length) tokens.add(c + chars[i + 1]);
      });
    }
  }
  tokens.delete('');
  return [...tokens].slice(0, SEARCH_TOKENS_MAX);
}

/**
 * The one stored token a keyword is looked up by: the first pair of characters of its longest
 * term (its only character when the term has one), or null for no keyword. The longest term
 * narrows the most; the other terms and the rest of this one are checked by keywordMatcher.
 */
export function searchTokenFor(keyword: string | null | undefined): string | null {
  const terms = keywordTerms(keyword);
  if (terms.length === 0) return null;
  const longest = terms.reduce((a, b) => (charsOf(b).length > charsOf(a).length ? b : a));
  return charsOf(longest).slice(0, 2).join('');
}
