import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/logger';
import { DEMO_UIDS } from '@/data/demo/people';
import { seedEventId } from '@/data/demo/events';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import ProfileSettingsPage from './profile-settings-page';

let backend: LocalBackend;

beforeEach(async () => {
  localStorage.clear();
  backend = await createTestBackend();
  await signInAs(backend, 'organizer@example.com');
});
afterEach(() => backend.close());

function renderSettings() {
  renderWithBackend(<ProfileSettingsPage />, backend, { route: '/profile/settings' });
  return screen.findByLabelText('表示名');
}

const saveButton = () => screen.getByRole('button', { name: /保存/ });

describe('ProfileSettingsPage', () => {
  it('shows the Japanese error beside the field and saves nothing', async () => {
    const user = userEvent.setup();
    const name = await renderSettings();
    await user.clear(name);
    await user.type(screen.getByLabelText('自己紹介'), 'あ');
    await user.click(saveButton());
    expect(await screen.findByText('表示名を入力してください')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect((await backend.users.get(DEMO_UIDS.organizer))?.displayName).toBe('山田 太郎');
  });

  it('counts characters and refuses a bio over 500', async () => {
    const user = userEvent.setup();
    await renderSettings();
    const bio = screen.getByLabelText('自己紹介');
    await user.clear(bio);
    await user.click(bio);
    await user.paste('あ'.repeat(501));
    expect(screen.getByText('501 / 500文字')).toBeInTheDocument();
    await user.click(saveButton());
    expect(await screen.findByText('自己紹介は500文字以内で入力してください')).toBeInTheDocument();
  });

  it('disables saving while it runs, keeps the input after a failure, and saves on the next try', async () => {
    const user = userEvent.setup();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    let fail!: (e: Error) => void;
    const save = vi
      .spyOn(backend.users, 'saveProfile')
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    const name = await renderSettings();
    await user.clear(name);
    await user.type(name, '山田 次郎');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    fail(new Error('network down'));
    expect(
      await screen.findByText('プロフィールを保存できませんでした。もう一度お試しください'),
    ).toBeInTheDocument();
    expect(name).toHaveValue('山田 次郎');
    expect(saveButton()).toBeEnabled();

    save.mockRestore();
    await user.click(saveButton());
    await waitFor(async () =>
      expect((await backend.users.get(DEMO_UIDS.organizer))?.displayName).toBe('山田 次郎'),
    );
  });

  it('shows of gender and birth date only what is chosen: nothing, then both', async () => {
    const user = userEvent.setup();
    await renderSettings();
    // The demo organizer shows gender and age; hide both first.
    const showGender = screen.getByLabelText('公開プロフィールに性別を表示する');
    expect(showGender).toBeChecked();
    await user.click(showGender);
    await user.click(screen.getByRole('radio', { name: '公開しない' }));
    await user.selectOptions(screen.getByLabelText('性別'), 'male');
    await user.clear(screen.getByLabelText('生年月日'));
    await user.type(screen.getByLabelText('生年月日'), '1990-01-20');
    await user.click(saveButton());
    await waitFor(async () =>
      expect(await backend.users.getPrivateProfile(DEMO_UIDS.organizer)).toMatchObject({
        gender: 'male',
        birthDate: '1990-01-20',
      }),
    );
    expect(await backend.users.get(DEMO_UIDS.organizer)).toMatchObject({
      gender: '',
      birthDate: '',
      age: null,
    });
    await waitFor(() => expect(saveButton()).toBeEnabled());

    await user.click(screen.getByLabelText('公開プロフィールに性別を表示する'));
    await user.click(screen.getByRole('radio', { name: '生年月日を公開' }));
    await user.click(saveButton());
    await waitFor(async () =>
      expect(await backend.users.get(DEMO_UIDS.organizer)).toMatchObject({
        gender: 'male',
        birthDate: '1990-01-20',
      }),
    );
  });

  it("copies a new name onto the organizer's events and the auth profile", async () => {
    const user = userEvent.setup();
    const name = await renderSettings();
    await user.clear(name);
    await user.type(name, '新しい 主催者');
    await user.click(saveButton());
    await waitFor(async () =>
      expect((await backend.events.get(seedEventId(1)))?.organizerName).toBe('新しい 主催者'),
    );
    expect(backend.auth.currentUser()?.displayName).toBe('新しい 主催者');
  });

  it('says when the events could not follow the new name, and updates them on retry', async () => {
    const user = userEvent.setup();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const sync = vi
      .spyOn(backend.organizing, 'syncOrganizerProfile')
      .mockRejectedValueOnce(new Error('network down'));
    const name = await renderSettings();
    await user.clear(name);
    await user.type(name, '改名 太郎');
    await user.click(saveButton());
    const alert = await screen.findByText(
      /主催しているイベントに表示される名前・写真を更新できませんでした/,
    );
    expect((await backend.users.get(DEMO_UIDS.organizer))?.displayName).toBe('改名 太郎');
    sync.mockRestore();
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'もう一度更新する',
      }),
    );
    await waitFor(async () =>
      expect((await backend.events.get(seedEventId(1)))?.organizerName).toBe('改名 太郎'),
    );
  });

  it('uploads a new photo to the owner folder and deletes the one it replaces', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn(() => 'blob:preview'),
        revokeObjectURL: vi.fn(),
      }),
    );
    await renderSettings();
    // The picker shows a progress bar in place of its input during an upload: find it anew.
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const png = (n: string) =>
      new File([new Uint8Array([137, 80, 78, 71])], n, { type: 'image/png' });

    await user.upload(input(), png('first.png'));
    await user.click(saveButton());
    await waitFor(async () =>
      expect((await backend.users.get(DEMO_UIDS.organizer))?.photoPath).toMatch(
        /^users\/demo-organizer\/\d+_first\.png$/,
      ),
    );
    const first = (await backend.users.get(DEMO_UIDS.organizer))!.photoPath;
    await waitFor(() => expect(saveButton()).toBeEnabled());

    await user.upload(input(), png('second.png'));
    await user.click(saveButton());
    await waitFor(async () =>
      expect((await backend.users.get(DEMO_UIDS.organizer))?.photoPath).toMatch(/second\.png$/),
    );
    await waitFor(async () => expect(await backend.db.files.get(first)).toBeUndefined());
    vi.unstubAllGlobals();
  });

  it('refuses a file that is not a raster image when it is picked', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderSettings();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(
      await screen.findByText('画像はJPEG・PNG・GIF・WebP・AVIF形式のファイルを選んでください'),
    ).toBeInTheDocument();
  });
});
