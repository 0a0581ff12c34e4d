import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

/**
 * Event boards and team chat (docs/board.md), on the demo data: 週末エンジョイフットサル
 * (seed-event-01) is 山田's with 花子 and 一郎 taking part; 世田谷フットサルクラブ (seed-team-01) is
 * 山田's with 花子 and 一郎 as members. 美咲 has asked to join the event (pending): she reads its
 * board only; the moderator account takes part in neither.
 */
const EVENT = '/events/seed-event-01';
const TEAM = '/teams/seed-team-01';
const ORGANIZER = 'organizer@example.com';
const HANAKO = 'hanako@example.com';
const ICHIRO = 'ichiro@example.com';
const MISAKI = 'misaki@example.com';
const MODERATOR = 'moderator@example.com';

const board = (page: Page, name = '掲示板') => page.getByRole('region', { name });
const posts = (page: Page, name = '掲示板') =>
  board(page, name).getByRole('list', { name: `${name}の投稿` });

async function post(page: Page, text: string, name = '掲示板') {
  const box = board(page, name).getByRole('textbox', { name: `${name}に投稿` });
  await box.fill(text);
  await board(page, name).getByRole('button', { name: '送信' }).click();
  await expect(box).toHaveValue('');
}

test('the organizer and two participants talk on an event board live, with an お知らせ; a stranger sees nothing', async ({
  page,
  otherUser,
  consoleErrors,
  mailLink,
  mailCount,
}) => {
  test.setTimeout(150_000);
  const organizer = page;
  await signIn(organizer, ORGANIZER, DEMO_PASSWORD, EVENT);
  await expect(organizer.getByRole('heading', { level: 1 })).toHaveText('週末エンジョイフットサル');
  await expect(board(organizer).getByText('まだ投稿はありません', { exact: false })).toBeVisible();

  const hanako = await otherUser();
  await signIn(hanako, HANAKO, DEMO_PASSWORD, EVENT);
  const ichiro = await otherUser();
  await signIn(ichiro, ICHIRO, DEMO_PASSWORD, EVENT);

  // --- Each posts; the others see it without a reload, oldest first.
  await organizer.bringToFront();
  await post(organizer, 'ビブスは白を持ってきてください');
  await hanako.bringToFront();
  await expect(posts(hanako)).toContainText('ビブスは白を持ってきてください');
  await post(hanako, '駐車場はありますか？ https://example.com/map');
  await ichiro.bringToFront();
  await post(ichiro, '9時45分に着きます');
  for (const p of [organizer, hanako, ichiro]) {
    await expect(posts(p).getByRole('listitem')).toHaveText([
      /ビブスは白を持ってきてください/,
      /駐車場はありますか？/,
      /9時45分に着きます/,
    ]);
  }
  // A link in a post is safe: a new tab that is told nothing about this page.
  const link = posts(organizer).getByRole('link', { name: 'https://example.com/map' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  // --- The author edits their own post; the organizer pins it.
  await hanako.bringToFront();
  // By place, not text: while it is edited the text is in the box.
  const mine = posts(hanako).getByRole('listitem').nth(1);
  await mine.getByRole('button', { name: '編集' }).click();
  await mine.getByRole('textbox', { name: '投稿を編集' }).fill('駐車場は何台ありますか？');
  await mine.getByRole('button', { name: '保存' }).click();
  await expect(mine).toContainText('（編集済み）');
  await organizer.bringToFront();
  const theirs = posts(organizer).getByRole('listitem').filter({ hasText: '駐車場は何台' });
  await theirs.getByRole('button', { name: 'ピン留め', exact: true }).click();
  await expect(board(ichiro).getByText('📌 ピン留め', { exact: true })).toBeVisible();
  // Another's post offers no edit to a participant.
  await expect(
    posts(ichiro).getByRole('listitem').filter({ hasText: 'ビブス' }).getByRole('button', {
      name: '編集',
    }),
  ).toHaveCount(0);

  // --- The organizer's お知らせ reaches each participant as a notification and a mail. 花子 is
  // on another page meanwhile (an open board marks what arrives read).
  await hanako.goto('/notifications');
  await organizer.bringToFront();
  await board(organizer).getByRole('checkbox', { name: '参加者全員に通知' }).check();
  await post(organizer, '集合は正面入口に変更です');
  const announced = posts(organizer).getByRole('listitem').filter({ hasText: '集合は正面入口' });
  await expect(announced).toContainText('お知らせ');
  // What the server recorded on the post, under it, for the organizer only.
  await expect(announced.getByRole('status')).toHaveText('送信済み（2人に通知）', {
    timeout: 30_000,
  });
  const subject = /「週末エンジョイフットサル」の主催者からのお知らせ/;
  for (const [p, email] of [
    [hanako, HANAKO],
    [ichiro, ICHIRO],
  ] as const) {
    await p.bringToFront();
    await p.goto('/notifications');
    const notice = p
      .getByRole('listitem')
      .filter({ hasText: '「週末エンジョイフットサル」の主催者からのお知らせ' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('集合は正面入口に変更です');
    expect(new URL(await mailLink(p, email, subject)).pathname).toBe(EVENT);
    expect(await mailCount(p, email, subject)).toBe(1);
  }
  expect(await mailCount(organizer, ORGANIZER, subject)).toBe(0);

  // --- The お知らせ is unread for 花子: her card, the event page and the header say so, until the
  // board is on her screen. The header's list leads to the board.
  await hanako.bringToFront();
  await hanako.goto('/events');
  const card = hanako.getByTestId('event-card').filter({ hasText: '週末エンジョイフットサル' });
  await expect(card.getByText('掲示板に新着')).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(hanako.getByRole('link', { name: '掲示板に新着' })).toBeVisible();
  const headerMark = hanako.getByRole('button', { name: '掲示板に新着があります' });
  await headerMark.click();
  await hanako
    .getByRole('menu', { name: '新着のある掲示板' })
    .getByRole('menuitem', { name: /週末エンジョイフットサル/ })
    .click();
  await expect(hanako).toHaveURL(/#board$/);
  await expect(board(hanako)).toContainText('集合は正面入口に変更です');
  await expect(headerMark).toHaveCount(0);
  await hanako.goto('/events');
  await expect(card).toBeVisible();
  await expect(card.getByText('掲示板に新着')).toHaveCount(0);

  // --- Waiting for an answer: read only.
  const misaki = await otherUser();
  await signIn(misaki, MISAKI, DEMO_PASSWORD, EVENT);
  await expect(posts(misaki)).toContainText('9時45分に着きます');
  await expect(board(misaki)).toContainText('参加が確定すると投稿できます');
  await expect(board(misaki).getByRole('textbox', { name: '掲示板に投稿' })).toHaveCount(0);

  // --- A signed-in user who takes no part sees no content, only who may read it.
  const stranger = await otherUser();
  await signIn(stranger, MODERATOR, DEMO_PASSWORD, EVENT);
  await expect(board(stranger)).toContainText('掲示板を見られるのは主催者と参加者');
  await expect(board(stranger).getByText('ビブスは白')).toHaveCount(0);
  await expect(posts(stranger)).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});

test('two team members chat; a member who leaves can no longer post', async ({
  page,
  otherUser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const owner = page;
  await signIn(owner, ORGANIZER, DEMO_PASSWORD, TEAM);
  const member = await otherUser();
  await signIn(member, HANAKO, DEMO_PASSWORD, TEAM);

  await owner.bringToFront();
  await post(owner, '今週の練習は土曜10時からです', 'チームチャット');
  await member.bringToFront();
  await expect(posts(member, 'チームチャット')).toContainText('今週の練習は土曜10時からです');
  await post(member, '参加します！', 'チームチャット');
  await owner.bringToFront();
  await expect(posts(owner, 'チームチャット')).toContainText('参加します！');

  await member.bringToFront();
  await member.getByRole('button', { name: 'チームを抜ける' }).click();
  await member.getByRole('alertdialog').getByRole('button', { name: '抜ける' }).click();
  await expect(member.getByRole('button', { name: '参加をリクエスト' })).toBeVisible();
  await expect(board(member, 'チームチャット')).toContainText('チームチャットはメンバーだけ');
  await expect(
    board(member, 'チームチャット').getByRole('textbox', { name: 'チームチャットに投稿' }),
  ).toHaveCount(0);
  await expect(posts(member, 'チームチャット')).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});
