import type { Page } from '@playwright/test';

/**
 * Writes one event of the local backend straight into the page's IndexedDB, past the use cases
 * (time passing, or what a server would have written): the stored row (if any) with `fields`
 * over it, its day moved by `shiftDays`. Dates in `fields` stay dates (Playwright carries them).
 */
export async function putLocalEvent(
  page: Page,
  id: string,
  { fields = {}, shiftDays = 0 }: { fields?: Record<string, unknown>; shiftDays?: number },
) {
  await page.evaluate(
    async ({ id, fields, shift }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sports-community-local');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('events', 'readwrite');
        const store = tx.objectStore('events');
        const get = store.get(id);
        get.onsuccess = () => {
          const row: Record<string, unknown> = {
            ...(get.result as Record<string, unknown> | undefined),
            ...fields,
            id,
          };
          if (shift && row.date instanceof Date) {
            row.date = new Date(row.date.getTime() + shift * 24 * 60 * 60_000);
          }
          store.put(row);
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { id, fields, shift: shiftDays },
  );
}
