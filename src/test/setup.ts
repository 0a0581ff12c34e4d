import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for a condition, never a fixed time; on a shared, loaded machine a screen
// can take longer than the 1 s default to get there.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
