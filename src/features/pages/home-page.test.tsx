import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LocalBackend } from '@/test/local-seed';
import { createTestBackend, renderWithBackend } from '@/test/render-with-backend';
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
});
