import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamFormInput } from '@/domain/team-form';
import type { ReloadableDraft } from '@/test/reloadable-draft';
import { DEMO_UIDS } from '@/data/demo/people';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import TeamCreatePage from './team-create-page';

// See create-event-reload.test.tsx: `reload()` drops what the draft kept in memory.
const drafts = vi.hoisted(() => ({ current: null as unknown as ReloadableDraft<TeamFormInput> }));
vi.mock('../team-draft', async (importOriginal) => {
  const { reloadableDraft } = await import('@/test/reloadable-draft');
  drafts.current = reloadableDraft<TeamFormInput>('create-team');
  return { ...(await importOriginal<object>()), createTeamDraft: drafts.current.draft };
});

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
  await signInAs(backend, 'organizer@example.com');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  drafts.current.draft.clear(DEMO_UIDS.organizer);
  vi.unstubAllGlobals();
  backend.close();
});

const location = () => screen.getByTestId('location').textContent ?? '';

function renderCreate(route: string) {
  return renderWithBackend(<TeamCreatePage />, backend, {
    route,
    path: '/teams/create',
    routes: [
      { path: '/teams/create/confirm', element: <TeamCreatePage /> },
      { path: '/teams/create/complete', element: <output>作成済み</output> },
    ],
  });
}

describe('create team: a reload of the confirmation', { timeout: 20_000 }, () => {
  it('keeps the picked picture and creates the team with it', async () => {
    const user = userEvent.setup();
    const view = renderCreate('/teams/create');
    await screen.findByLabelText(/チーム名/);
    const change = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    change(/チーム名/, '画像つきのチーム');
    change(/種目/, 'バレーボール');
    change(/活動地域/, '関東');
    change(/活動日・頻度/, '毎週日曜');
    await user.upload(
      screen.getByLabelText(/画像を選択/),
      new File([new Uint8Array(2048)], 'team.png', { type: 'image/png' }),
    );
    await screen.findByRole('img', { name: 'チーム画像のプレビュー' });
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await waitFor(() => expect(location()).toBe('/teams/create/confirm'));

    view.unmount();
    drafts.current.reload();
    renderCreate('/teams/create/confirm');
    expect(await screen.findByText('画像つきのチーム')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'チーム画像のプレビュー' })).toBeInTheDocument();

    const create = vi.spyOn(backend.teamMembership, 'create');
    await user.click(await screen.findByRole('button', { name: 'この内容で作成する' }));
    await waitFor(() => expect(location()).toMatch(/^\/teams\/create\/complete\?id=/));
    expect(create.mock.calls[0]![0].imagePath).toMatch(
      new RegExp(`^teams/${DEMO_UIDS.organizer}/\\d+_team\\.png$`),
    );
  });
});
