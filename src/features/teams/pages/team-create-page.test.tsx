import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_UIDS } from '@/data/demo/people';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import { createTeamDraft } from '../team-draft';
import TeamCreatePage from './team-create-page';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
  await signInAs(backend, 'organizer@example.com');
});
afterEach(() => {
  createTeamDraft.clear(DEMO_UIDS.organizer);
  backend.close();
});

describe('TeamCreatePage: limited fields', () => {
  it('keeps a name, activity and introduction beyond their limits as typed, counts them and refuses them', async () => {
    renderWithBackend(<TeamCreatePage />, backend, {
      route: '/teams/create',
      path: '/teams/create',
      routes: [{ path: '/teams/create/confirm', element: <TeamCreatePage /> }],
    });
    const user = userEvent.setup();
    const typeInto = async (label: RegExp, text: string) => {
      const field = screen.getByLabelText(label);
      await user.click(field);
      await user.paste(text);
      expect(field).toHaveValue(text);
    };
    await screen.findByLabelText(/チーム名/);
    await typeInto(/チーム名/, 'あ'.repeat(41));
    await typeInto(/活動日・頻度/, 'い'.repeat(51));
    await typeInto(/紹介文/, 'う'.repeat(1001));
    expect(screen.getByLabelText(/チーム名/)).toHaveAccessibleDescription(/41 \/ 40文字/);
    expect(screen.getByText('41 / 40文字')).toHaveClass('text-red-700');
    expect(screen.getByText('51 / 50文字')).toHaveClass('text-red-700');
    expect(screen.getByText('1001 / 1000文字')).toHaveClass('text-red-700');

    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('チーム名は40文字以内で入力してください')).toBeInTheDocument();
    expect(screen.getByText('活動日・頻度は50文字以内で入力してください')).toBeInTheDocument();
    expect(screen.getByText('紹介文は1000文字以内で入力してください')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/チーム名/)).toHaveValue('あ'.repeat(41)));
    expect(screen.queryByRole('heading', { name: '入力内容の確認' })).not.toBeInTheDocument();
  });
});
