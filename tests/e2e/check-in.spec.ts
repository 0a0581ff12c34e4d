import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import { chromium, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { testChromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { DEMO_PASSWORD, expect as baseExpect, signIn, test } from './fixtures';

// Each step reads and writes through the backend; on a busy machine that takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * QR check-in (docs/fees.md "Check-in"), the same on both builds: the organizer makes an event
 * that starts in a few minutes, a participant joins and opens her code, and the organizer's
 * scanner reads it through Chromium's fake camera (a Y4M file drawn here from her code, with
 * another event's code after it), checking her in and refusing the other code.
 */
const ORGANIZER = 'organizer@example.com';
const HANAKO = { email: 'hanako@example.com', name: '佐藤 花子' };
const TITLE = '朝の受付テスト';
/** FEES_SCREENSHOTS=<dir>: the screens at a phone's and a desktop's width, to look at. */
const SHOTS = process.env.FEES_SCREENSHOTS;

async function shoot(page: Page, name: string, part: Locator) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await part.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/** Now in Japan (the browsers' zone) as the form's day and a time `minutes` later. */
function japanSoon(minutes: number): { day: string; start: string; end: string } | null {
  const at = (m: number) => new Date(Date.now() + 9 * 3_600_000 + m * 60_000).toISOString();
  const now = at(0);
  const start = at(minutes);
  if (start.slice(0, 10) !== now.slice(0, 10)) return null;
  const end = at(minutes + 120);
  return {
    day: now.slice(0, 10),
    start: start.slice(11, 16),
    end: end.slice(0, 10) === now.slice(0, 10) ? end.slice(11, 16) : '23:59',
  };
}

/** The text of the QR code in a PNG (the participant's code as the page draws it). */
function readQr(png: Buffer): string | null {
  const { PNG } = createRequire(import.meta.url)('pngjs') as {
    PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Buffer } } };
  };
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/**
 * A Y4M video (the format Chromium's fake camera plays, in a loop) showing each code in turn
 * for two seconds, black on white in the middle of a 480×360 frame.
 */
async function writeY4m(path: string, codes: string[]): Promise<void> {
  const W = 480;
  const H = 360;
  const FPS = 10;
  const chunks: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (const code of codes) {
    const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    const scale = Math.floor(300 / (n + 8));
    const left = Math.floor((W - n * scale) / 2);
    const top = Math.floor((H - n * scale) / 2);
    const y = Buffer.alloc(W * H, 235);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (!qr.modules.get(r, c)) continue;
        for (let dy = 0; dy < scale; dy++) {
          y.fill(
            16,
            (top + r * scale + dy) * W + left + c * scale,
            (top + r * scale + dy) * W + left + (c + 1) * scale,
          );
        }
      }
    }
    const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
    for (let f = 0; f < FPS * 2; f++) chunks.push(Buffer.from('FRAME\n'), y, chroma);
  }
  await writeFile(path, Buffer.concat(chunks));
}

/** Signs the organizer in and creates a 先着順 event starting soon; returns its path. */
async function createEventSoon(
  page: Page,
  title: string,
  when: { day: string; start: string; end: string },
): Promise<string> {
  await signIn(page, ORGANIZER, DEMO_PASSWORD);
  await page.goto('/create-event');
  await page.getByLabel('タイトル').fill(title);
  await page.getByLabel('種目').selectOption('フットサル');
  await page.getByLabel('開催日').fill(when.day);
  await page.getByLabel('開始時刻').fill(when.start);
  await page.getByLabel('終了時刻').fill(when.end);
  await page.getByLabel('開催場所').fill('世田谷区民体育館');
  await page.getByLabel('参加費（円）').fill('0');
  await page.getByLabel('定員（人）').fill('8');
  await page.getByLabel('先着順').check();
  await page.getByLabel('説明').fill('受付のブラウザテスト用のイベントです。');
  await page.getByRole('button', { name: '入力内容を確認する' }).click();
  await page.getByRole('button', { name: 'この内容で作成する' }).click();
  await page.getByRole('link', { name: '作成したイベントを見る' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Signs a participant in on the event's page and joins it. */
async function joinAs(page: Page, email: string, eventPath: string): Promise<void> {
  await signIn(page, email, DEMO_PASSWORD, eventPath);
  await page
    .getByRole('region', { name: '参加', exact: true })
    .getByRole('button', { name: '今すぐ参加する' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: '参加する' }).click();
}

/** The text of the QR code an <img> shows. */
async function codeOf(qr: Locator): Promise<string | null> {
  const src = (await qr.getAttribute('src')) ?? '';
  return readQr(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
}

/** Once this page's service worker is active and has kept the page (the check-in screens'). */
async function keptOffline(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        return (await caches.open('pages')).match(location.href).then(Boolean);
      }),
    )
    .toBe(true);
}

test.setTimeout(300_000);

test('the organizer’s camera reads a participant’s code and checks her in; another event’s code is refused', async ({
  backend,
  endEvent,
}, testInfo) => {
  const when = japanSoon(20);
  test.skip(!when, 'not run in the last minutes of a day in Japan: the event would start tomorrow');

  // One browser with the fake camera for everyone: the local build keeps its data in the
  // browser profile, so the participant is another tab of the organizer's context there (each tab
  // its own session); on Firebase, whose Auth shares a session across tabs, another context.
  // Chromium opens the video file when the camera starts, so it is written once her code is known.
  const video = testInfo.outputPath('codes.y4m');
  const camera = await chromium.launch({
    ...testChromiumLaunchOptions,
    args: [
      ...testChromiumLaunchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const options = {
    baseURL: testInfo.project.use.baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 390, height: 844 },
  };
  const context = await camera.newContext(options);
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(String(e)));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    return p;
  };
  const page = watch(await context.newPage());

  // The organizer creates a 先着順 event that starts in 20 minutes: reception is open.
  const eventPath = await createEventSoon(page, TITLE, when!);

  // She joins and opens her code.
  const phone = watch(
    backend === 'local'
      ? await context.newPage()
      : await (await camera.newContext(options)).newPage(),
  );
  await joinAs(phone, HANAKO.email, eventPath);
  const codePanel = phone.getByRole('region', { name: '受付コード' });
  const qr = codePanel.getByRole('img', { name: '受付コード（QRコード）' });
  await expect(qr).toBeVisible();
  await shoot(phone, 'my-code', codePanel);
  // The image the page drew, read back as a camera would.
  const code = await codeOf(qr);
  expect(code).toMatch(/^SPORTS-CHECKIN:/);
  expect(code).toContain(eventPath.split('/').pop());

  // The organizer's phone points its camera at her code, then at another event's.
  await writeY4m(video, [code!, 'SPORTS-CHECKIN:seed-event-01:AAAAAAAAAAAAAAAAAAAAAA']);
  await page.bringToFront();
  await page.reload();
  const panel = page.getByRole('region', { name: '受付' });
  await expect(panel).toContainText('受付済み 0 / 1人');
  await panel.getByRole('button', { name: 'カメラで受付' }).click();
  const results = page.getByRole('list', { name: '読み取り結果' });
  await expect(results).toContainText(`${HANAKO.name}さんを受付しました`);
  await expect(results).toContainText('別のイベントの受付コードです');
  // It keeps scanning: her code again says she is already in.
  await expect(results).toContainText(`${HANAKO.name}さんは受付済みです`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/scanner-390.png` });
  await page.getByRole('button', { name: '閉じる' }).click();

  const row = panel
    .getByRole('list', { name: '受付の名簿' })
    .getByRole('listitem', { name: HANAKO.name });
  await expect(row).toContainText('受付済み');
  await expect(panel).toContainText('受付済み 1 / 1人');
  // The list filters by name as one types; undo, and check in again by hand.
  await panel.getByLabel('名前で探す').fill('鈴木');
  await expect(panel.getByText('該当する参加者はいません。')).toBeVisible();
  await panel.getByLabel('名前で探す').fill('佐藤');
  await row.getByRole('button', { name: '取り消す' }).click();
  await expect(panel).toContainText('受付済み 0 / 1人');
  await row.getByRole('button', { name: '受付する' }).click();
  await expect(panel).toContainText('受付済み 1 / 1人');
  await shoot(page, 'reception', panel);

  // Her page says she is checked in.
  await phone.bringToFront();
  await phone.reload();
  await expect(codePanel.getByText('受付済み')).toBeVisible();

  // 出席 once the event has ended: the schedule marks her without the organizer marking her
  // (on Firebase the scheduled Function's handler; the local build runs it on load), and the
  // organizer can still change the mark.
  await page.bringToFront();
  await endEvent(page, eventPath.split('/').pop()!);
  const attendance = page.getByRole('region', { name: '出欠の記録' });
  const markRow = attendance
    .getByRole('list', { name: '参加者の出欠' })
    .getByRole('listitem')
    .filter({ hasText: HANAKO.name });
  // Locally the run and the panel's first read start together on load: read it again until
  // the run has written.
  await expect(async () => {
    await page.reload();
    await expect(markRow).toContainText('記録済み', { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(attendance.getByLabel(`${HANAKO.name}さんの出欠`)).toHaveValue('attended');
  await attendance.getByLabel(`${HANAKO.name}さんの出欠`).selectOption('excused');
  await expect(
    page.getByText(`${HANAKO.name}さんを「欠席（連絡あり）」にしました`, { exact: true }),
  ).toBeVisible();

  await camera.close();
  expect(errors).toEqual([]);
});

test('at the venue without a signal: her code shows offline, and the organizer’s check-in waits and is sent when the network returns', async ({
  page,
  otherUser,
  consoleErrors,
}) => {
  const when = japanSoon(20);
  test.skip(!when, 'not run in the last minutes of a day in Japan: the event would start tomorrow');
  const eventPath = await createEventSoon(page, '電波のない体育館', when!);

  // She opens her code once with a network; the page and the app are kept on her phone.
  const phone = await otherUser();
  await joinAs(phone, HANAKO.email, eventPath);
  const codePanel = phone.getByRole('region', { name: '受付コード' });
  const qr = codePanel.getByRole('img', { name: '受付コード（QRコード）' });
  await expect(qr).toBeVisible();
  const code = await codeOf(qr);
  expect(code).toMatch(/^SPORTS-CHECKIN:/);
  await keptOffline(phone);

  // At the venue there is no signal: the page opens again and shows the same code.
  await phone.context().setOffline(true);
  await phone.reload();
  await expect(qr).toBeVisible();
  expect(await codeOf(qr)).toBe(code);
  await phone.context().setOffline(false);

  // The organizer's reception, opened with a network, then without one.
  await page.bringToFront();
  await page.reload();
  const panel = page.getByRole('region', { name: '受付' });
  await expect(panel).toContainText('受付済み 0 / 1人');
  await keptOffline(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(panel).toContainText('受付済み 0 / 1人');
  const row = panel
    .getByRole('list', { name: '受付の名簿' })
    .getByRole('listitem', { name: HANAKO.name });
  await row.getByRole('button', { name: '受付する' }).click();
  await expect(
    page.getByText(`${HANAKO.name}さんを受付しました（未送信）`, { exact: true }),
  ).toBeVisible();
  const sending = panel.getByLabel('受付の送信');
  await expect(sending).toContainText('未送信 1件');
  await expect(row).toContainText('受付済み（未送信）');
  await expect(panel).toContainText('受付済み 1 / 1人');
  await shoot(page, 'reception-offline', panel);

  // The network returns: it is sent, and the screen says when.
  await page.context().setOffline(false);
  await expect(sending).toContainText(/\d{2}:\d{2}に1件を送信しました/);
  await expect(sending).not.toContainText('未送信');
  await expect(row).not.toContainText('未送信');
  await expect(row).toContainText('受付済み');

  // Her page says she is checked in.
  await phone.bringToFront();
  await phone.reload();
  await expect(codePanel.getByText('受付済み')).toBeVisible();
  // What failed while offline was the network's: nothing else went wrong.
  expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|offline/i.test(e))).toEqual([]);
});
