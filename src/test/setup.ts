import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor limits, not waits: a lazily loaded screen can take over testing-library's
// default 1 s to appear on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
