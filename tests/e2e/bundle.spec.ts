import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';

test('the local-backend build carries no Firebase SDK code', () => {
  const dir = join('dist', 'assets');
  const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(js.length).toBeGreaterThan(0);
  const offenders = js.filter((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    return ['firestore.googleapis.com', 'identitytoolkit.googleapis.com', 'FirebaseError'].some(
      (m) => text.includes(m),
    );
  });
  expect(offenders).toEqual([]);
});
