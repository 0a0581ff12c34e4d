import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalBackend } from '@/test/local-backends';
import { DEMO_UIDS } from '@/data/demo/people';
import { seedEventId } from '@/data/demo/events';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import EventDetailPage from './event-detail-page';
import EventEditPage from './event-edit-page';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
});
afterEach(() => {
  window.sessionStorage.clear();
  backend.close();
});

/**
 * Signs in as if the session had been restored in this tab. A fresh sign-in makes the session
 * provider clear the query cache, which would drop the screen's first query mid-flight here.
 */
async function signedIn(email: string) {
  const user = await signInAs(backend, email);
  window.sessionStorage.setItem('sc.session-uid', user.uid);
}

function renderDetail(id: string) {
  return renderWithBackend(<EventDetailPage />, backend, {
    route: `/events/${id}`,
    path: '/events/:id',
  });
}

function renderEdit(id: string) {
  return renderWithBackend(<EventEditPage />, backend, {
    route: `/events/${id}/edit`,
    path: '/events/:id/edit',
    routes: [{ path: '/events/:id', element: <EventDetailPage /> }],
  });
}

describe('event detail', () => {
  it('shows the fields, the organizer and the participants with the count', async () => {
    renderDetail(seedEventId(1));
    expect(
      await screen.findByRole('heading', { level: 1, name: '週末エンジョイフットサル' }),
    ).toBeInTheDocument();
    expect(screen.getByText('10:00〜12:00')).toBeInTheDocument();
    expect(screen.getByText('世田谷区総合運動場 体育館')).toBeInTheDocument();
    expect(screen.getByText('¥1,000')).toBeInTheDocument();
    expect(screen.getByText('残り8人')).toBeInTheDocument();
    expect(screen.getByText('世田谷フットサルクラブ')).toBeInTheDocument();
    const participants = screen.getByRole('heading', { name: /参加者/ }).closest('section')!;
    expect(within(participants).getByText('2人')).toBeInTheDocument();
    const links = await within(participants).findAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', expect.stringMatching(/^\/profile\//));
    // Not the organizer: no organizer tools.
    expect(screen.queryByRole('link', { name: '編集' })).not.toBeInTheDocument();
  });

  it('shows 満員 for a full event', async () => {
    renderDetail(seedEventId(5));
    const capacity = (await screen.findByText('定員', { selector: 'dt' })).nextElementSibling!;
    expect(capacity).toHaveTextContent('4 / 4人満員');
  });

  it('says the event is not found, with a way back to the list', async () => {
    renderDetail('no-such-event');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'イベントが見つかりません' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'イベント一覧へ戻る' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('offers the organizer only the legal status changes and confirms cancelling', async () => {
    await signedIn('organizer@example.com');
    const user = userEvent.setup();
    renderDetail(seedEventId(1));
    expect(await screen.findByRole('link', { name: '編集' })).toHaveAttribute(
      'href',
      `/events/${seedEventId(1)}/edit`,
    );
    expect(await screen.findByRole('button', { name: '募集を締め切る' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '募集を再開する' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'イベントを中止する' }));
    const dialog = screen.getByRole('alertdialog', { name: 'イベントを中止しますか？' });
    await user.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect((await backend.events.get(seedEventId(1)))!.status).toBe('open');

    await user.click(screen.getByRole('button', { name: 'イベントを中止する' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'イベントを中止する' }),
    );
    await waitFor(async () =>
      expect((await backend.events.get(seedEventId(1)))!.status).toBe('cancelled'),
    );
    expect(
      await screen.findByText('このイベントの募集状態はこれ以上変更できません。'),
    ).toBeInTheDocument();
  });

  it('lets the organizer delete the image after confirming, removing the stored file', async () => {
    await signedIn('organizer@example.com');
    const { url, path } = await backend.files.upload(
      `events/${DEMO_UIDS.organizer}`,
      new File([new Uint8Array(8)], 'a.png', { type: 'image/png' }),
    );
    await backend.organizing.update(seedEventId(1), { imageURL: url, imagePath: path });
    const user = userEvent.setup();
    renderDetail(seedEventId(1));

    await user.click(await screen.findByRole('button', { name: '画像を削除' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: '画像を削除しますか？' })).getByRole(
        'button',
        { name: '削除する' },
      ),
    );

    await waitFor(async () =>
      expect((await backend.events.get(seedEventId(1)))!.imagePath).toBe(''),
    );
    expect((await backend.events.get(seedEventId(1)))!.imageURL).toBe('');
    expect(await backend.db.files.get(path)).toBeUndefined();
  });
  it('refuses a file that is not a picture when the organizer picks it, uploading nothing and offering no retry', async () => {
    await signedIn('organizer@example.com');
    const upload = vi.spyOn(backend.files, 'upload');
    const user = userEvent.setup({ applyAccept: false });
    renderDetail(seedEventId(1));
    await user.upload(
      await screen.findByLabelText(/画像を(変更|追加)/),
      new File(['名簿'], 'members.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '画像はJPEG・PNG・GIF・WebP・AVIF形式のファイルを選んでください',
    );
    expect(screen.queryByRole('button', { name: '再試行' })).not.toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('reads each participant once for the organizer of an ended event, though three parts show them', async () => {
    await signedIn('organizer@example.com');
    const getMany = vi.spyOn(backend.users, 'getMany');
    const get = vi.spyOn(backend.users, 'get');
    renderDetail(seedEventId(20));

    // The participants, the organizer's roster and the attendance marks all name them.
    const attendance = (await screen.findByRole('heading', { name: '出欠の記録' })).closest(
      'section',
    )!;
    expect(await within(attendance).findByText(/高橋 美咲/)).toBeInTheDocument();
    const participants = screen.getByRole('heading', { name: '参加者 3人' }).closest('section')!;
    expect(await within(participants).findAllByRole('link')).toHaveLength(3);
    const roster = (await screen.findByRole('heading', { name: '参加者とキャンセル待ち' })).closest(
      'section',
    )!;
    expect(await within(roster).findByText(/高橋 美咲/)).toBeInTheDocument();

    const asked = [...getMany.mock.calls, ...get.mock.calls.map(([uid]) => [[uid]])].flatMap(
      ([ids]) => ids,
    );
    for (const uid of [DEMO_UIDS.hanako, DEMO_UIDS.ichiro, DEMO_UIDS.misaki]) {
      expect(asked.filter((id) => id === uid)).toEqual([uid]);
    }
  });
});

describe('event edit', () => {
  it('tells someone other than the organizer that they may not edit', async () => {
    await signedIn('hanako@example.com');
    renderEdit(seedEventId(1));
    expect(await screen.findByText('このイベントを編集する権限がありません')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '変更を保存する' })).not.toBeInTheDocument();
  });

  it('prefills the form, refuses a capacity below the participants and keeps the input', async () => {
    await signedIn('organizer@example.com');
    const user = userEvent.setup();
    renderEdit(seedEventId(9)); // 卓球ダブルス大会: 3 participants, capacity 3
    const title = await screen.findByLabelText(/タイトル/);
    expect(title).toHaveValue('卓球ダブルス大会');
    expect(screen.getByLabelText(/定員/)).toHaveValue(3);

    await user.clear(title);
    await user.type(title, '卓球ダブルス大会（改）');
    fireEvent.change(screen.getByLabelText(/定員/), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '定員は現在の参加者数より少なくできません',
    );
    expect(screen.getByLabelText(/タイトル/)).toHaveValue('卓球ダブルス大会（改）');
    expect((await backend.events.get(seedEventId(9)))!.title).toBe('卓球ダブルス大会');

    fireEvent.change(screen.getByLabelText(/定員/), { target: { value: '6' } });
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/events/${seedEventId(9)}`),
    );
    expect(await backend.events.get(seedEventId(9))).toMatchObject({
      title: '卓球ダブルス大会（改）',
      capacity: 6,
    });
  });

  it('lets the organizer correct an event that is over, but not move it to another past day', async () => {
    await signedIn('organizer@example.com');
    const user = userEvent.setup();
    const id = seedEventId(20); // 先週のエンジョイフットサル: a week ago
    const before = (await backend.events.get(id))!;
    renderEdit(id);
    const date = await screen.findByLabelText<HTMLInputElement>(/開催日/);
    const stored = date.value;
    expect(stored).not.toBe('');
    // The picker still offers the stored day.
    expect(date).toHaveAttribute('min', stored);

    const d = new Date();
    d.setDate(d.getDate() - 1);
    const yesterday = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    fireEvent.change(date, { target: { value: yesterday } });
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    expect(await screen.findByText('過去の日付は指定できません')).toBeInTheDocument();

    fireEvent.change(date, { target: { value: stored } });
    const description = screen.getByLabelText(/説明/);
    await user.clear(description);
    await user.type(description, '雨の中ありがとうございました。');
    await user.click(screen.getByRole('button', { name: '変更を保存する' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/events/${id}`));
    const after = (await backend.events.get(id))!;
    expect(after.description).toBe('雨の中ありがとうございました。');
    expect(after.date).toEqual(before.date);
    expect(after.startTime).toBe(before.startTime);
  });
});

describe('event detail: the description', () => {
  it('makes an address in it a link that opens apart from this page', async () => {
    await backend.db.events.update(seedEventId(1), {
      description: '詳細は https://example.com/futsal をご覧ください。',
    });
    renderDetail(seedEventId(1));
    const link = await screen.findByRole('link', { name: 'https://example.com/futsal' });
    expect(link).toHaveAttribute('href', 'https://example.com/futsal');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
