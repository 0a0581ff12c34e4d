import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, test, expect, signIn } from './fixtures';

/**
 * A double click does one thing (docs/domain.md "Repeated writes"). On the local build the writes
 * are counted where it keeps its data: every put, add and delete on an IndexedDB object store (and
 * through a cursor), by store, from before the app's first script runs.
 */
async function countWrites(context: BrowserContext) {
  await context.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { __writes: string[] }).__writes = writes;
    const wrap = (proto: object, methods: string[], store: (self: never) => string) => {
      const target = proto as Record<string, (...a: unknown[]) => unknown>;
      for (const m of methods) {
        const original = target[m]!;
        target[m] = function (this: never, ...args: unknown[]) {
          writes.push(store(this));
          return original.apply(this, args);
        };
      }
    };
    wrap(IDBObjectStore.prototype, ['put', 'add', 'delete'], (s: IDBObjectStore) => s.name);
    wrap(IDBCursor.prototype, ['update', 'delete'], (c: IDBCursor) =>
      'objectStore' in c.source ? c.source.objectStore.name : c.source.name,
    );
  });
}

/** Forgets the writes so far (the first visit seeds the demo data). */
const resetWrites = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __writes: string[] }).__writes.length = 0;
  });

/** How many writes each store had since the last reset. */
const writesTo = (page: Page, store: string) =>
  page.evaluate(
    (name) =>
      (window as unknown as { __writes: string[] }).__writes.filter((s) => s === name).length,
    store,
  );

/** No refusal or error message anywhere on the page. */
async function expectNoError(page: Page) {
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/既に|エラーが発生しました/)).toHaveCount(0);
}

test('a double click on 参加をリクエスト, 承認 and 通報する writes once and shows no error', async ({
  context,
  backend,
  otherUser,
  consoleErrors,
}) => {
  // The writes are counted on the local build (IndexedDB); on the Firebase build the screen's
  // outcome and the absence of any refusal or console error stand for them.
  const counted = backend === 'local';
  if (counted) await countWrites(context);

  // 佐藤 花子 asks to join 草野球メンバー募集 (鈴木 一郎's) with a double click.
  const hanako = await context.newPage();
  await signIn(hanako, 'hanako@example.com', DEMO_PASSWORD, '/events/seed-event-10');
  const ask = hanako.getByRole('button', { name: '参加をリクエスト' });
  await expect(ask).toBeEnabled();
  if (counted) await resetWrites(hanako);
  await ask.dblclick();
  await expect(hanako.getByRole('button', { name: 'リクエストを取り消す' })).toBeVisible();
  if (counted) expect(await writesTo(hanako, 'participationRequests')).toBe(1);
  if (counted) expect(await writesTo(hanako, 'notifications')).toBe(1);
  await expectNoError(hanako);

  // She reports the event with a double click: one report, the dialog closes, a toast says so.
  await hanako.getByRole('button', { name: 'イベントを通報' }).click();
  const dialog = hanako.getByRole('dialog', { name: 'このイベントを通報' });
  await dialog.getByLabel('スパム・宣伝目的').check();
  if (counted) await resetWrites(hanako);
  await dialog.getByRole('button', { name: '通報する' }).dblclick();
  await expect(dialog).toHaveCount(0);
  await expect(hanako.getByText('通報を受け付けました', { exact: true })).toBeVisible();
  if (counted) expect(await writesTo(hanako, 'reports')).toBe(1);
  await expectNoError(hanako);

  // 山田 太郎 approves 高橋 美咲's pending request for 週末エンジョイフットサル with a double click.
  const organizer = await otherUser();
  await signIn(organizer, 'organizer@example.com', DEMO_PASSWORD, '/events/seed-event-01');
  const row = organizer
    .getByRole('region', { name: /^参加リクエスト/ })
    .getByRole('listitem', { name: '高橋 美咲さんの参加リクエスト' });
  const approve = row.getByRole('button', { name: '承認' });
  await expect(approve).toBeEnabled();
  if (counted) await resetWrites(organizer);
  await approve.dblclick();
  await expect(row.getByText('承認済み')).toBeVisible();
  if (counted) expect(await writesTo(organizer, 'participationRequests')).toBe(1);
  if (counted) expect(await writesTo(organizer, 'notifications')).toBe(1);
  await expectNoError(organizer);
  expect(consoleErrors).toEqual([]);
});
