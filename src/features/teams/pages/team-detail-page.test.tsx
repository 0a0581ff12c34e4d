import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportDocId } from '@/domain/entities/report';
import { BackendError } from '@/domain/errors';
import { DEMO_UIDS } from '@/data/demo/people';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import TeamDetailPage from './team-detail-page';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
});
afterEach(() => backend.close());

const TEAM = 'seed-team-01';

function renderTeam() {
  return renderWithBackend(<TeamDetailPage />, backend, {
    route: `/teams/${TEAM}`,
    path: '/teams/:id',
  });
}

describe('TeamDetailPage: 通報', () => {
  it('keeps the typed report on a failed send (the button disabled meanwhile) and files it on retry', async () => {
    await signInAs(backend, 'hanako@example.com');
    const file = backend.reports.file.bind(backend.reports);
    let fail!: (e: Error) => void;
    const spy = vi
      .spyOn(backend.reports, 'file')
      .mockImplementationOnce(() => new Promise<void>((_resolve, reject) => (fail = reject)))
      .mockImplementation(file);
    renderTeam();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'チームを通報' }));
    const dialog = await screen.findByRole('dialog', { name: 'このチームを通報' });
    await user.click(within(dialog).getByLabelText('詐欺・虚偽の内容'));
    await user.type(within(dialog).getByLabelText('詳しい内容'), '会費の振込先が不審です');
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));

    await waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByRole('button', { name: /送信中/ })).toBeDisabled();
    expect(within(dialog).getByLabelText('詐欺・虚偽の内容')).toBeDisabled();
    fail(new BackendError('unavailable'));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '通信できませんでした。接続を確認してから、もう一度お試しください',
    );
    expect(within(dialog).getByLabelText('詐欺・虚偽の内容')).toBeChecked();
    expect(within(dialog).getByLabelText('詳しい内容')).toHaveValue('会費の振込先が不審です');
    const target = { type: 'team' as const, id: TEAM };
    expect(await backend.db.reports.get(reportDocId(target, DEMO_UIDS.hanako))).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await backend.db.reports.get(reportDocId(target, DEMO_UIDS.hanako))).toMatchObject({
      targetType: 'team',
      targetId: TEAM,
      subjectUserId: DEMO_UIDS.organizer,
      reason: 'fraud',
      detail: '会費の振込先が不審です',
    });
  });

  it('shows no report button to the team owner', async () => {
    await signInAs(backend, 'organizer@example.com');
    renderTeam();
    expect(await screen.findByRole('link', { name: 'チーム情報を編集' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /通報/ })).not.toBeInTheDocument();
  });
});

describe('TeamDetailPage: the introduction', () => {
  it('makes an address in it a link that opens apart from this page', async () => {
    await backend.db.teams.update(TEAM, { description: '練習日程: https://example.com/team' });
    renderTeam();
    const link = await screen.findByRole('link', { name: 'https://example.com/team' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
