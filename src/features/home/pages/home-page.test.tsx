import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend, signInAs } from '@/test/render-with-backend';
import { signUpUnverified } from '@/test/accounts';
import HomePage from './home-page';

let backend: LocalBackend;
beforeEach(async () => {
  backend = await createTestBackend();
});
afterEach(() => backend.close());

describe('home page', () => {
  it('lists the next upcoming events, soonest first, with a link to all events', async () => {
    renderWithBackend(<HomePage />, backend);
    const section = (await screen.findByRole('heading', { name: '近日開催のイベント' })).closest(
      'section',
    )!;
    const cards = await within(section).findAllByTestId('event-card');
    expect(cards).toHaveLength(6);
    // Today's event comes first; past events never appear.
    expect(cards[0]).toHaveTextContent('仕事帰りのナイト卓球');
    expect(section).not.toHaveTextContent('先週のエンジョイフットサル');
    expect(within(section).getByRole('link', { name: 'すべて見る →' })).toHaveAttribute(
      'href',
      '/events',
    );
  });

  it('signed out, has no section of my own', async () => {
    renderWithBackend(<HomePage />, backend);
    await screen.findByRole('heading', { name: '近日開催のイベント' });
    expect(screen.queryByRole('heading', { name: 'あなたの予定' })).toBeNull();
  });

  it('signed in, starts with my next events and my pending requests, above the rest', async () => {
    await signInAs(backend, 'hanako@example.com');
    renderWithBackend(<HomePage />, backend);
    const mine = (await screen.findByRole('heading', { name: 'あなたの予定' })).closest('section')!;
    const hero = screen.getByRole('heading', { level: 1 });
    expect(mine.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const joined = await within(mine).findByRole('list', { name: '参加予定のイベント' });
    expect(within(joined).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(mine).getByRole('heading', { name: '承認待ちのリクエスト' })).toBeInTheDocument();
  });

  it('signed in with nothing ahead, says so and offers to find events', async () => {
    await signUpUnverified(backend, 'new@example.com', 'Kakunin2026', '新人');
    renderWithBackend(<HomePage />, backend);
    const mine = (await screen.findByRole('heading', { name: 'あなたの予定' })).closest('section')!;
    expect(await within(mine).findByText(/参加予定のイベントはありません/)).toBeInTheDocument();
    expect(await within(mine).findByText('承認待ちのリクエストはありません。')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'イベントを探す' })).toHaveAttribute(
      'href',
      '/events',
    );
  });
});
