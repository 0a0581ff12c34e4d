import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EMAIL_SETTINGS, MAIL_KINDS } from '@/domain/entities/email-settings';
import { logger } from '@/lib/logger';
import { DEMO_UIDS } from '@/data/demo/people';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import EmailSettingsPage from './email-settings-page';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
  await signInAs(backend, 'misaki@example.com');
});
afterEach(() => backend.close());

const renderPage = () =>
  renderWithBackend(<EmailSettingsPage />, backend, { route: '/email-settings' });

describe('EmailSettingsPage', () => {
  it('shows one switch per mail kind, each at its default, and saves a change at once', async () => {
    const user = userEvent.setup();
    renderPage();
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(
      MAIL_KINDS.map((kind) => String(DEFAULT_EMAIL_SETTINGS[kind])),
    );
    // Mail about who joined or left is the one kind that starts off (in-app only by default).
    expect(screen.getByRole('switch', { name: '参加者の増減（主催者向け）' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('switch', { name: 'イベント前日のリマインダー' })).toBeVisible();

    const rejected = screen.getByRole('switch', { name: '参加リクエストの見送り' });
    await user.click(rejected);
    await waitFor(() => expect(rejected).toHaveAttribute('aria-checked', 'false'));
    expect(await backend.users.getEmailSettings(DEMO_UIDS.misaki)).toEqual({
      ...DEFAULT_EMAIL_SETTINGS,
      participationRejected: false,
    });
  });

  it('keeps the saved state when a save fails, and holds the other switches while one saves', async () => {
    const user = userEvent.setup();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    let fail!: (e: Error) => void;
    vi.spyOn(backend.users, 'saveEmailSettings').mockImplementationOnce(
      () => new Promise((_, reject) => (fail = reject)),
    );
    renderPage();
    const approved = await screen.findByRole('switch', { name: '参加リクエストの承認' });
    await user.click(approved);
    expect(screen.getByRole('switch', { name: '未読メッセージ' })).toBeDisabled();
    fail(new Error('network down'));
    await waitFor(() => expect(approved).toHaveAttribute('aria-checked', 'true'));
    expect(approved).toBeEnabled();
    expect(await backend.users.getEmailSettings(DEMO_UIDS.misaki)).toEqual(DEFAULT_EMAIL_SETTINGS);
  });

  it('shows a failed load with a retry', async () => {
    const user = userEvent.setup();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    vi.spyOn(backend.users, 'getEmailSettings')
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'));
    renderPage();
    await user.click(await screen.findByRole('button', { name: '再読み込み' }, { timeout: 5000 }));
    expect(await screen.findAllByRole('switch')).toHaveLength(MAIL_KINDS.length);
  });
});
