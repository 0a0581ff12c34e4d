import { useDeferredValue } from 'react';

/**
 * The items a list renders now. When the list fills (it showed none), its first `first` items
 * render at once, in the task that delivered them, so the first screen and its largest paint come
 * without waiting; the rest follow in a deferred render, which React splits into short tasks
 * instead of holding the page for the whole list. Otherwise all of them, at once.
 */
export function useFirstItemsFirst<T>(items: T[], first: number): T[] {
  const shown = useDeferredValue(items);
  return shown.length === 0 && items.length > first ? items.slice(0, first) : items;
}
