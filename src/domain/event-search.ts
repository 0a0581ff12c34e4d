import type { SportEvent } from './entities/event';

/**
 * The event list's keyword search (EventFilters.keyword), one rule for both backends. The text
 * is folded with NFKC and lower-cased, so full-width letters, digits and spaces typed through an
 * IME match their half-width forms and "OSAKA" finds "Osaka Dome". The keyword splits on
 * whitespace into terms; an event matches when every term occurs in its title or its place.
 * Nothing else (description, sport, team) is searched.
 */
export function normalizeForSearch(s: string): string {
  return s.normalize('NFKC').toLowerCase();
}

/** The folded, non-empty terms of a keyword; none means "no keyword filter". */
export function keywordTerms(keyword: string | null | undefined): string[] {
  return normalizeForSearch(keyword ?? '')
    .split(/\s+/)
    .filter((t) => t !== '');
}

export type KeywordSearchable = Pick<SportEvent, 'title' | 'location'>;

/** Folds the keyword once, for scanning many events. */
export function keywordMatcher(
  keyword: string | null | undefined,
): (e: KeywordSearchable) => boolean {
  const terms = keywordTerms(keyword);
  if (terms.length === 0) return () => true;
  return (e) => {
    const title = normalizeForSearch(e.title);
    const place = normalizeForSearch(e.location);
    return terms.every((t) => title.includes(t) || place.includes(t));
  };
}

/**
 * At most this many search tokens are stored per event (the rules refuse more): every one and
 * two-character piece of a 100-character title and a 100-character place fits.
 */
export const SEARCH_TOKENS_MAX = 400;

/** The characters of a folded word, by code point (an emoji or a rare kanji stays one). */
const charsOf = (word: string): string[] => Array.from(word);

/**
 * The search tokens stored on an event (Firebase's `searchTokens`): every character and every
 * pair of neighbouring characters of each folded word of its title and place, without repeats.
 * A keyword term never holds whitespace, so whatever it matches lies inside one word, and the
 * term's own first token (searchTokenFor) is among these: a query on that token finds every
 * event the keyword matches, and the few it finds beyond them are dropped by keywordMatcher.
 */
export function searchTokensOf(e: KeywordSearchable): string[] {
  const tokens = new Set<string>();
  for (const text of [e.title, e.location]) {
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
