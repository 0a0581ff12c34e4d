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
