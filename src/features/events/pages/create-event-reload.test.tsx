import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EventFormInput } from '@/domain/event-form';
import type { ReloadableDraft } from '@/test/reloadable-draft';
import type { LocalBackend } from '@/test/local-backends';
import { DEMO_UIDS } from '@/data/demo/people';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import CreateEventCompletePage from './create-event-complete-page';
import CreateEventPage from './create-event-page';

// A reload starts the page's modules afresh: whatever the draft kept in memory is gone, and only
// what it stored (sessionStorage, IndexedDB) comes back. `reload()` swaps in a new draft object.
const drafts = vi.hoisted(() => ({ current: null as unknown as ReloadableDraft<EventFormInput> }));
vi.mock('../create-event-draft', async () => {
  const { reloadableDraft } = await import('@/test/reloadable-draft');
  drafts.current = reloadableDraft<EventFormInput>('create-event');
  return { createEventDraft: drafts.current.draft };
});
const draft = () => drafts.current.draft;

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
  draft().clear(DEMO_UIDS.organizer);
  vi.unstubAllGlobals();
  backend.close();
});

const location = () => screen.getByTestId('location').textContent ?? '';

function renderCreate(route: string) {
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

/** Fills the form, picks a picture and goes to the confirmation; then reloads it. */
async function confirmWithPictureAndReload() {
  const user = userEvent.setup();
  const view = renderCreate('/create-event');
  await screen.findByLabelText(/タイトル/);
  const change = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  change(/タイトル/, '画像つきの練習会');
  change(/種目/, 'フットサル');
  change(/開催日/, futureDay(9));
  change(/開始時刻/, '09:00');
  change(/終了時刻/, '11:00');
  change(/開催場所/, '代々木フットサルコート');
  change(/地域/, '関東');
  change(/定員/, '12');
  await user.upload(
    await screen.findByLabelText(/画像を選択/),
    new File([new Uint8Array(2048)], 'court.png', { type: 'image/png' }),
  );
  await screen.findByRole('img', { name: 'イベント画像のプレビュー' });
  await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
  await waitFor(() => expect(location()).toBe('/create-event/confirm'));
  await screen.findByRole('img', { name: 'イベント画像のプレビュー' });

  view.unmount();
  drafts.current.reload();
  const reloaded = renderCreate('/create-event/confirm');
  expect(await screen.findByText('画像つきの練習会')).toBeInTheDocument();
  return { user, reloaded };
}

describe('create event: a reload of the confirmation', { timeout: 20_000 }, () => {
  it('keeps the picked picture, creates the event with it and then forgets the draft', async () => {
    const { user } = await confirmWithPictureAndReload();
    expect(
      await screen.findByRole('img', { name: 'イベント画像のプレビュー' }),
    ).toBeInTheDocument();

    const imageId = draft().load(DEMO_UIDS.organizer).imageId!;
    await user.click(await screen.findByRole('button', { name: 'この内容で作成する' }));
    await waitFor(() => expect(location()).toMatch(/^\/create-event\/complete\?id=/));
    const id = new URLSearchParams(location().split('?')[1]).get('id')!;
    const created = await backend.events.get(id);
    expect(created!.imagePath).toMatch(
      new RegExp(`^events/${DEMO_UIDS.organizer}/\\d+_court\\.png$`),
    );
    // Published: neither the text nor the picture is offered again.
    expect(draft().load(DEMO_UIDS.organizer)).toEqual({});
    await waitFor(async () => expect(await draft().loadImage(imageId)).toBeNull());
  });

  it('says plainly when the picture cannot be read back, and creates nothing until it is chosen again', async () => {
    const user = userEvent.setup();
    const view = renderCreate('/create-event');
    await user.upload(
      await screen.findByLabelText(/画像を選択/),
      new File([new Uint8Array(64)], 'court.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'イベント画像のプレビュー' });
    view.unmount();
    // The stored picture is gone (another browser, storage cleared by the user).
    const stored = draft().load(DEMO_UIDS.organizer).imageId!;
    expect(stored).toBeTruthy();
    await waitFor(async () => expect(await draft().loadImage(stored)).not.toBeNull());
    draft().removeImage(stored);
    await waitFor(async () => expect(await draft().loadImage(stored)).toBeNull());

    drafts.current.reload();
    renderCreate('/create-event');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '選択した画像を読み込めませんでした。画像をもう一度選択してください。',
    );
    expect(screen.getByRole('button', { name: '入力内容を確認する' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '画像なしで続ける' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '入力内容を確認する' })).toBeEnabled();
  });

  it('disables 作成 on the confirmation while the picture is missing', async () => {
    const { reloaded } = await confirmWithPictureAndReload();
    await screen.findByRole('img', { name: 'イベント画像のプレビュー' });
    const stored = draft().load(DEMO_UIDS.organizer).imageId!;
    draft().removeImage(stored);
    await waitFor(async () => expect(await draft().loadImage(stored)).toBeNull());
    // Reloaded again, now without the picture.
    drafts.current.reload();
    const create = vi.spyOn(backend.organizing, 'create');
    reloaded.unmount();
    renderCreate('/create-event/confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '選択した画像を読み込めませんでした。入力画面に戻って、画像をもう一度選択してください。',
    );
    expect(screen.getByRole('button', { name: 'この内容で作成する' })).toBeDisabled();
    expect(create).not.toHaveBeenCalled();
  });
});
