import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait for a condition, never a fixed time; on a shared, loaded machine a screen
// can take longer than the 1 s default to get there. 5 s was once not enough on a fresh clone
// with both lanes of npm test busy (a rejected request still showed 承認待ち: the local backend's
// write, notification and mail on fake IndexedDB); a condition that never holds still fails, at
// 10 s, within the 15 s a test may take (vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

// This file runs before every test file, and most files share one page (vitest.config.ts, the
// project `app`): each starts as in a fresh one, with nothing stored, at the first address, on
// real timers and globals.
if (typeof window !== 'undefined') {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.body.innerHTML = '';
}

// jsdom has no matchMedia; screens ask it about the pointer and the width. Nothing matches here
// (a test that needs a touch screen or a wide window stubs it).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}
