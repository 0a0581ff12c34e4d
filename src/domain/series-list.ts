/**
 * The event list shows a series once (docs/series.md "The event list"): its soonest date in the
 * list's order, with the rule in words on the card; the later dates of a series already shown
 * are left out of the loaded pages. No read is added: the dates are the list's own documents.
 */
export function oneDatePerSeries<T extends { seriesId: string }>(events: readonly T[]): T[] {
  const seen = new Set<string>();
  return events.filter((e) => {
    if (!e.seriesId) return true;
    if (seen.has(e.seriesId)) return false;
    seen.add(e.seriesId);
    return true;
  });
}
