import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reportDocId } from '@/domain/entities/report';
import { DEMO_UIDS } from '@/data/demo/people';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import MyProfilePage from './my-profile-page';
import PublicProfilePage from './public-profile-page';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
});
afterEach(() => backend.close());

const save = {
  displayName: '鈴木 一郎',
  bio: 'バスケが好きです',
  location: '大阪府大阪市',
  gender: 'male' as const,
  birthDate: '1990-01-20',
  genderVisibility: 'private' as const,
  birthDateVisibility: 'private' as const,
  photoURL: '',
  photoPath: '',
};

function renderPublic(uid: string) {
  return renderWithBackend(<PublicProfilePage />, backend, {
    route: `/profile/${uid}`,
    path: '/profile/:id',
  });
}

describe('PublicProfilePage', () => {
  it('shows a missing user as not found', async () => {
    renderPublic('no-such-user');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ユーザーが見つかりません' }),
    ).toBeInTheDocument();
  });

  it('shows a signed-out visitor no hidden value and no email address', async () => {
    await signInAs(backend, 'ichiro@example.com');
    await backend.users.saveProfile(DEMO_UIDS.ichiro, save);
    await backend.auth.signOut();
    renderPublic(DEMO_UIDS.ichiro);
    const summary = await screen.findByRole('region', { name: 'プロフィール' });
    expect(within(summary).getByRole('heading', { level: 1 })).toHaveTextContent('鈴木 一郎');
    expect(within(summary).getByText('大阪府大阪市')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/男性|1990|歳|@/);
    expect(screen.queryByRole('link', { name: 'プロフィールを編集' })).not.toBeInTheDocument();
  });

  it('shows the gender and the age when the owner chose to', async () => {
    await signInAs(backend, 'ichiro@example.com');
    await backend.users.saveProfile(DEMO_UIDS.ichiro, {
      ...save,
      genderVisibility: 'public',
      birthDateVisibility: 'age',
    });
    await signInAs(backend, 'misaki@example.com');
    renderPublic(DEMO_UIDS.ichiro);
    const summary = await screen.findByRole('region', { name: 'プロフィール' });
    expect(within(summary).getByText('男性')).toBeInTheDocument();
    expect(within(summary).getByText(/^\d+歳$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/1990|@/);
  });

  it('lets another user report the profile and confirms it; my own profile has no report button', async () => {
    await signInAs(backend, 'hanako@example.com');
    const view = renderPublic(DEMO_UIDS.ichiro);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ユーザーを通報' }));
    const dialog = await screen.findByRole('dialog', { name: 'このユーザーを通報' });
    await user.click(within(dialog).getByLabelText('嫌がらせ・誹謗中傷'));
    await user.type(within(dialog).getByLabelText('詳しい内容'), '自己紹介に暴言があります');
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const target = { type: 'user' as const, id: DEMO_UIDS.ichiro };
    expect(await backend.db.reports.get(reportDocId(target, DEMO_UIDS.hanako))).toMatchObject({
      reporterId: DEMO_UIDS.hanako,
      targetType: 'user',
      targetId: DEMO_UIDS.ichiro,
      subjectUserId: DEMO_UIDS.ichiro,
      reason: 'harassment',
      detail: '自己紹介に暴言があります',
    });
    view.unmount();

    renderPublic(DEMO_UIDS.hanako);
    await screen.findByRole('note');
    expect(screen.queryByRole('button', { name: /通報/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /通報/ })).not.toBeInTheDocument();
  });

  it('takes reporting this profile again as done, keeping my first report (the seed has one)', async () => {
    await signInAs(backend, 'misaki@example.com');
    const target = { type: 'user' as const, id: DEMO_UIDS.ichiro };
    const before = await backend.db.reports.get(reportDocId(target, DEMO_UIDS.misaki));
    expect(before).toBeDefined();
    renderPublic(DEMO_UIDS.ichiro);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'ユーザーを通報' }));
    const dialog = await screen.findByRole('dialog', { name: 'このユーザーを通報' });
    await user.click(within(dialog).getByLabelText('その他'));
    await user.click(within(dialog).getByRole('button', { name: '通報する' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await backend.db.reports.get(reportDocId(target, DEMO_UIDS.misaki))).toEqual(before);
  });

  it('offers a signed-out visitor the login (and back) to report a profile', async () => {
    renderPublic(DEMO_UIDS.ichiro);
    expect(await screen.findByRole('link', { name: 'ユーザーを通報' })).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent(`/profile/${DEMO_UIDS.ichiro}`)}`,
    );
  });

  it("lists the user's upcoming organized events", async () => {
    renderPublic(DEMO_UIDS.organizer);
    const list = await screen.findByRole('list', { name: /主催予定のイベント/ });
    expect(within(list).getAllByRole('link').length).toBeGreaterThan(0);
  });
});

describe('MyProfilePage', () => {
  it('labels each past participation by what it was and shows the count', async () => {
    await signInAs(backend, 'misaki@example.com');
    renderWithBackend(<MyProfilePage />, backend, { route: '/profile' });
    const history = await screen.findByRole('list', { name: '参加履歴' });
    const labels = within(history)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(labels.at(-1)).toContain('初参加');
    expect(labels.at(-2)).toContain('２回目');
    expect(screen.getByText(/参加回数/)).toHaveTextContent(`参加回数 ${labels.length}回`);
  });

  it("shows the owner's hidden values with who sees them", async () => {
    await signInAs(backend, 'ichiro@example.com');
    await backend.users.saveProfile(DEMO_UIDS.ichiro, { ...save, birthDateVisibility: 'age' });
    renderWithBackend(<MyProfilePage />, backend, { route: '/profile' });
    const summary = await screen.findByRole('region', { name: 'プロフィール' });
    expect(await within(summary).findByText('男性')).toBeInTheDocument();
    expect(within(summary).getByText('非公開')).toBeInTheDocument();
    expect(within(summary).getByText('年齢のみ公開')).toBeInTheDocument();
    expect(within(summary).getByText('user_ichiro01')).toBeInTheDocument();
  });
});

describe('PublicProfilePage: the bio', () => {
  it('makes an address in it a link that opens apart from this page', async () => {
    await signInAs(backend, 'ichiro@example.com');
    await backend.users.saveProfile(DEMO_UIDS.ichiro, {
      ...save,
      bio: '記録は https://example.com/ichiro に',
    });
    await backend.auth.signOut();
    renderPublic(DEMO_UIDS.ichiro);
    const link = await screen.findByRole('link', { name: 'https://example.com/ichiro' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
