import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Every location change starts at the top of the page. Not the first location: the browser has
 * placed the page already, and a visitor may have scrolled the prerendered page before the app
 * took it over.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  const shown = useRef(pathname + search);
  useLayoutEffect(() => {
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
