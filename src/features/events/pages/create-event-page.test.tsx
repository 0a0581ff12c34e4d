import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalBackend } from '@/test/local-backends';
import { DEMO_UIDS } from '@/data/demo/people';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import CreateEventCompletePage from './create-event-complete-page';
import CreateEventPage from './create-event-page';
import { signUpUnverified } from '@/test/accounts';
import { createEventDraft } from '../create-event-draft';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
  await signInAs(backend, 'organizer@example.com');
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn(() => `blob:preview-${++n}`),
      revokeObjectURL: vi.fn(),
    }),
  );
});
afterEach(() => {
  createEventDraft.clear(DEMO_UIDS.organizer);
  vi.unstubAllGlobals();
  backend.close();
});

const location = () => screen.getByTestId('location').textContent ?? '';

/** The app mounts the same screen on both paths; so does this. */
function renderCreate(route = '/create-event') {
  return renderWithBackend(<CreateEventPage />, backend, {
    route,
    path: '/create-event',
    routes: [
      { path: '/create-event/confirm', element: <CreateEventPage /> },
      { path: '/create-event/complete', element: <CreateEventCompletePage /> },
    ],
  });
}

function futureDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/タイトル/), '土曜の朝フットサル');
  await user.selectOptions(screen.getByLabelText(/種目/), 'フットサル');
  await user.selectOptions(screen.getByLabelText(/レベル/), '初心者');
  fireEvent.change(screen.getByLabelText(/開催日/), { target: { value: futureDay(9) } });
  fireEvent.change(screen.getByLabelText(/開始時刻/), { target: { value: '09:00' } });
  fireEvent.change(screen.getByLabelText(/終了時刻/), { target: { value: '11:00' } });
  await user.type(screen.getByLabelText(/開催場所/), '代々木フットサルコート');
  await user.selectOptions(screen.getByLabelText(/地域/), '関東');
  await user.clear(screen.getByLabelText(/参加費/));
  await user.type(screen.getByLabelText(/参加費/), '1500');
  await user.type(screen.getByLabelText(/定員/), '12');
  await user.type(screen.getByLabelText(/説明/), 'ビブスは貸し出します。');
  const image = new File([new Uint8Array(2048)], 'court.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText(/画像を選択/), image);
  await screen.findByRole('img', { name: 'イベント画像のプレビュー' });
}

describe('create event: who may', () => {
  it('tells an account that has not verified its address why, with the way to verify, instead of the form', async () => {
    await backend.auth.signOut();
    await signUpUnverified(backend, 'newcomer@example.com', 'Kakunin2026', '新人');
    renderCreate();
    expect(
      await screen.findByText('イベントを作成するには、メールアドレスの確認が必要です'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'メールアドレスを確認する' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
    expect(screen.queryByLabelText(/タイトル/)).not.toBeInTheDocument();
  });

  it('tells a suspended account it cannot create events', async () => {
    await backend.db.users.update(DEMO_UIDS.organizer, { isActive: false });
    await backend.auth.signOut();
    await signInAs(backend, 'organizer@example.com');
    renderCreate('/create-event/confirm');
    expect(
      await screen.findByText(/利用停止中はイベントを作成することはできません/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'この内容で作成する' })).not.toBeInTheDocument();
  });
});

// Long journeys through the real form: typing every field takes seconds on a busy machine.
describe('create event: input, confirmation, back, create', { timeout: 20_000 }, () => {
  it('shows every input on the confirmation, keeps it all when going back, then creates the event with its image', async () => {
    const user = userEvent.setup();
    renderCreate();
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await waitFor(() => expect(location()).toBe('/create-event/confirm'));
    expect(
      await screen.findByRole('heading', { level: 1, name: '入力内容の確認' }),
    ).toBeInTheDocument();
    for (const text of [
      '土曜の朝フットサル',
      'フットサル',
      '初心者',
      '09:00〜11:00',
      '代々木フットサルコート',
      '関東',
      '¥1,500',
      '12人',
      'ビブスは貸し出します。',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '入力画面に戻る' }));
    await waitFor(() => expect(location()).toBe('/create-event'));
    expect(screen.getByLabelText(/タイトル/)).toHaveValue('土曜の朝フットサル');
    expect(screen.getByLabelText(/種目/)).toHaveValue('フットサル');
    expect(screen.getByLabelText(/レベル/)).toHaveValue('初心者');
    expect(screen.getByLabelText(/開催日/)).toHaveValue(futureDay(9));
    expect(screen.getByLabelText(/開始時刻/)).toHaveValue('09:00');
    expect(screen.getByLabelText(/終了時刻/)).toHaveValue('11:00');
    expect(screen.getByLabelText(/開催場所/)).toHaveValue('代々木フットサルコート');
    expect(screen.getByLabelText(/地域/)).toHaveValue('関東');
    expect(screen.getByLabelText(/参加費/)).toHaveValue(1500);
    expect(screen.getByLabelText(/定員/)).toHaveValue(12);
    expect(screen.getByLabelText(/説明/)).toHaveValue('ビブスは貸し出します。');
    expect(screen.getByRole('img', { name: 'イベント画像のプレビュー' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で作成する' }));

    await waitFor(() => expect(location()).toMatch(/^\/create-event\/complete\?id=/));
    const id = new URLSearchParams(location().split('?')[1]).get('id')!;
    const created = await backend.events.get(id);
    expect(created).toMatchObject({
      title: '土曜の朝フットサル',
      sportType: 'フットサル',
      level: '初心者',
      location: '代々木フットサルコート',
      region: '関東',
      fee: 1500,
      capacity: 12,
      organizerId: DEMO_UIDS.organizer,
      status: 'open',
      participants: [],
    });
    expect(created!.imagePath).toMatch(
      new RegExp(`^events/${DEMO_UIDS.organizer}/\\d+_court\\.png$`),
    );
    expect(created!.imageURL).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByRole('link', { name: '作成したイベントを見る' })).toHaveAttribute(
      'href',
      `/events/${id}`,
    );
  });

  it('keeps the input when saving fails and retries with the same image, uploading it once', async () => {
    const user = userEvent.setup();
    const upload = vi.spyOn(backend.files, 'upload');
    const create = vi
      .spyOn(backend.organizing, 'create')
      .mockRejectedValueOnce(new Error('network down'));
    renderCreate();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await user.click(await screen.findByRole('button', { name: 'この内容で作成する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'イベントを作成できませんでした。もう一度お試しください',
    );
    expect(location()).toBe('/create-event/confirm');
    expect(screen.getByText('土曜の朝フットサル')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'この内容で作成する' }));
    await waitFor(() => expect(location()).toMatch(/^\/create-event\/complete\?id=/));
    expect(create).toHaveBeenCalledTimes(2);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('shows the validation messages in Japanese and stays on the input step', async () => {
    const user = userEvent.setup();
    renderCreate();
    await user.click(await screen.findByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('タイトルを入力してください')).toBeInTheDocument();
    expect(screen.getByText('種目を選択してください')).toBeInTheDocument();
    expect(screen.getByText('開催日を入力してください')).toBeInTheDocument();
    expect(screen.getByText('定員を入力してください')).toBeInTheDocument();
    expect(location()).toBe('/create-event');
  });

  it('refuses an empty 参加費, as its 必須 mark and hint say, instead of taking it as 無料', async () => {
    const user = userEvent.setup();
    renderCreate();
    const fee = await screen.findByLabelText(/参加費/);
    expect(fee).toHaveAccessibleName(/参加費（円）\s*必須/);
    expect(fee).toHaveAccessibleDescription(/無料の場合は0と入力してください/);
    await user.clear(fee);
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('参加費を入力してください')).toBeInTheDocument();
    expect(fee).toHaveAccessibleDescription(/参加費を入力してください/);
    expect(location()).toBe('/create-event');

    // 0 is 無料, and accepted.
    await user.type(fee, '0');
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await waitFor(() => expect(screen.queryByText('参加費を入力してください')).toBeNull());
  });

  it('refuses a day in the past on the date field, keeping everything typed', async () => {
    const user = userEvent.setup();
    const create = vi.spyOn(backend.organizing, 'create');
    renderCreate();
    await fillForm(user);
    const date = screen.getByLabelText(/開催日/);
    // The picker offers today onwards; a typed or pasted day is still checked.
    expect(date).toHaveAttribute('min', futureDay(0));
    fireEvent.change(date, { target: { value: futureDay(-1) } });
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('過去の日付は指定できません')).toBeInTheDocument();
    expect(date).toHaveAccessibleDescription('過去の日付は指定できません');
    expect(location()).toBe('/create-event');
    expect(date).toHaveValue(futureDay(-1));
    expect(screen.getByLabelText(/タイトル/)).toHaveValue('土曜の朝フットサル');
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(date, { target: { value: futureDay(1) } });
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await waitFor(() => expect(location()).toBe('/create-event/confirm'));
  });

  it('keeps text beyond a limit as typed, counts it in red and refuses it', async () => {
    const user = userEvent.setup();
    renderCreate();
    const title = await screen.findByLabelText(/タイトル/);
    expect(title).toHaveAccessibleDescription('0 / 100文字');
    await user.click(title);
    await user.paste('あ'.repeat(101));
    // Nothing is cut: the organizer sees all of it and decides what to shorten.
    expect(title).toHaveValue('あ'.repeat(101));
    expect(screen.getByText('101 / 100文字')).toHaveClass('text-red-700');
    const description = screen.getByLabelText(/説明/);
    await user.click(description);
    await user.paste('い'.repeat(2001));
    expect(description).toHaveValue('い'.repeat(2001));
    expect(screen.getByText('2001 / 2000文字')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('タイトルは100文字以内で入力してください')).toBeInTheDocument();
    expect(screen.getByText('説明は2000文字以内で入力してください')).toBeInTheDocument();
    expect(location()).toBe('/create-event');
    expect(title).toHaveValue('あ'.repeat(101));
  });

  it('refuses a file that is not a picture as soon as it is picked, showing no preview', async () => {
    // As a user who switches the file dialog to "all files": the accept filter is passed.
    const user = userEvent.setup({ applyAccept: false });
    renderCreate();
    const picker = await screen.findByLabelText(/画像を選択/);
    await user.upload(picker, new File(['%PDF-1.7'], 'flyer.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '画像はJPEG・PNG・GIF・WebP・AVIF形式のファイルを選んでください',
    );
    expect(screen.queryByRole('img', { name: 'イベント画像のプレビュー' })).not.toBeInTheDocument();
    expect(screen.getByText('画像が選択されていません')).toBeInTheDocument();

    // A picture picked next replaces the message with its preview.
    await user.upload(picker, new File([new Uint8Array(64)], 'court.png', { type: 'image/png' }));
    expect(
      await screen.findByRole('img', { name: 'イベント画像のプレビュー' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a direct visit to the confirmation without input back to the input step', async () => {
    renderCreate('/create-event/confirm');
    await waitFor(() => expect(location()).toBe('/create-event'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'イベントを作成' }),
    ).toBeInTheDocument();
  });

  it('does not let an Enter that confirms a kana conversion submit the form', async () => {
    renderCreate();
    const title = await screen.findByLabelText(/タイトル/);
    const notPrevented = fireEvent.keyDown(title, {
      key: 'Enter',
      keyCode: 229,
      isComposing: true,
    });
    expect(notPrevented).toBe(false);
    expect(fireEvent.keyDown(title, { key: 'Enter', keyCode: 13 })).toBe(true);
  });
});
