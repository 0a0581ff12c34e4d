import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocalBackend } from '@/test/local-backends';
import { createTestBackend, renderWithBackend } from '@/test/render-with-backend';
import { useNavigate } from 'react-router-dom';
import EventListPage from './event-list-page';

let backend: LocalBackend;

beforeEach(async () => {
  backend = await createTestBackend();
});
afterEach(() => backend.close());

const location = () => screen.getByTestId('location').textContent ?? '';
const cardTitles = () =>
  screen.getAllByTestId('event-card').map((c) => within(c).getByRole('heading').textContent);

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      ブラウザの戻る
    </button>
  );
}

function renderList(route = '/events') {
  return renderWithBackend(<EventListPage />, backend, { route, path: '/events' });
}

describe('event list filters', () => {
  it('puts a chosen sport in the URL and shows only events of that sport', async () => {
    const user = userEvent.setup();
    renderList();
    expect(await screen.findAllByTestId('event-card')).not.toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('種目'), 'テニス');

    await waitFor(() => expect(location()).toBe(`/events?sport=${encodeURIComponent('テニス')}`));
    await waitFor(() =>
      expect(screen.getByTestId('event-results')).toHaveAttribute(
        'data-results-key',
        `sport=${encodeURIComponent('テニス')}`,
      ),
    );
    // Upcoming tennis only: the cancelled one is still listed (status shown), past ones are not.
    expect(cardTitles()).toEqual(['初心者向けテニス練習会', 'テニス ダブルス練習（中級）']);
  });

  it('undoes the last filter choice with the back button', async () => {
    const user = userEvent.setup();
    renderWithBackend(
      <>
        <EventListPage />
        <BackButton />
      </>,
      backend,
      { route: '/events', path: '/events' },
    );
    await screen.findAllByTestId('event-card');
    await user.selectOptions(screen.getByLabelText('種目'), 'テニス');
    await user.selectOptions(screen.getByLabelText('地域'), '関東');
    await waitFor(() => expect(location()).toContain('region='));

    await user.click(screen.getByRole('button', { name: 'ブラウザの戻る' }));

    await waitFor(() => expect(location()).toBe(`/events?sport=${encodeURIComponent('テニス')}`));
    expect(screen.getByLabelText('種目')).toHaveValue('テニス');
    expect(screen.getByLabelText('地域')).toHaveValue('');
  });

  it('reads the filters from a shared URL into the controls and the results', async () => {
    renderList(
      `/events?region=${encodeURIComponent('関東')}&open=1&level=${encodeURIComponent('初心者')}`,
    );
    await waitFor(() =>
      expect(screen.getByTestId('event-results')).toHaveAttribute('data-results-key'),
    );
    expect(screen.getByLabelText('地域')).toHaveValue('関東');
    expect(screen.getByLabelText('レベル')).toHaveValue('初心者');
    expect(screen.getByLabelText('募集中のみ')).toBeChecked();
    expect(cardTitles()).toEqual(['初心者向けテニス練習会', 'バドミントン初心者レッスン']);
  });

  it('shows the empty state and clears every filter from it', async () => {
    const user = userEvent.setup();
    renderList(`/events?sport=${encodeURIComponent('野球')}&region=${encodeURIComponent('四国')}`);
    expect(await screen.findByText('条件に合うイベントが見つかりません')).toBeInTheDocument();

    const empty = screen.getByText('条件に合うイベントが見つかりません').parentElement!;
    await user.click(within(empty).getByRole('button', { name: '条件をクリア' }));

    await waitFor(() => expect(location()).toBe('/events'));
    expect(await screen.findAllByTestId('event-card')).not.toHaveLength(0);
    expect(screen.getByLabelText('種目')).toHaveValue('');
  });

  it('searches title and place after a pause, and not while a conversion is in progress', async () => {
    renderList();
    await screen.findAllByTestId('event-card');
    const box = screen.getByRole('searchbox', { name: 'キーワード検索' });

    // Kana being converted: the text changes, but nothing is searched for however long it takes.
    fireEvent.compositionStart(box);
    fireEvent.change(box, { target: { value: 'たいいくかん' } });
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(location()).toBe('/events');

    fireEvent.change(box, { target: { value: '体育館' } });
    fireEvent.compositionEnd(box, { data: '体育館' });
    await waitFor(() => expect(location()).toBe(`/events?q=${encodeURIComponent('体育館')}`));
    await waitFor(() =>
      expect(screen.getByTestId('event-results')).toHaveAttribute(
        'data-results-key',
        `q=${encodeURIComponent('体育館')}`,
      ),
    );
    for (const card of screen.getAllByTestId('event-card'))
      expect(card.textContent).toContain('体育館');
  });

  it('pages the demo data with もっと見る until the last upcoming event', async () => {
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const upcoming = (await backend.db.events.toArray()).filter((e) => e.date >= today).length;
    // The demo data alone is enough for three pages (src/data/demo/events.ts).
    expect(upcoming).toBeGreaterThan(2 * 20);
    const user = userEvent.setup();
    renderList();
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(20));

    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(40));
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(upcoming));
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('shows status labels, 満員 for a full open event, fee and participants on each card', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findAllByTestId('event-card');
    // The cancelled one is 24 days ahead, on the second page.
    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    await waitFor(() => expect(screen.getAllByTestId('event-card')).toHaveLength(40));
    const card = (title: string) =>
      screen.getAllByTestId('event-card').find((c) => c.textContent?.includes(title))!;
    expect(within(card('バドミントンダブルス交流会')).getByText('満員')).toBeInTheDocument();
    expect(within(card('ソサイチ（8人制サッカー）')).getByText('募集締切')).toBeInTheDocument();
    expect(within(card('テニス ダブルス練習（中級）')).getByText('中止')).toBeInTheDocument();
    expect(within(card('週末エンジョイフットサル')).getByText('¥1,000')).toBeInTheDocument();
    expect(within(card('週末エンジョイフットサル')).getByText('2 / 10人')).toBeInTheDocument();
    expect(within(card('皇居ラン 10km')).getByText('無料')).toBeInTheDocument();
  });
});

describe('event cards', () => {
  it('give the day with its weekday, as the detail page does', async () => {
    renderList();
    const cards = await screen.findAllByTestId('event-card');
    for (const card of cards) {
      expect(
        within(card).getByText(/^\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\)$/),
      ).toBeVisible();
    }
  });
});

describe('a reversed date range', () => {
  it('says the from-date is after the to-date instead of finding nothing', async () => {
    renderList('/events?from=2099-12-20&to=2099-12-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '開催日の「から」が「まで」より後の日付になっています',
    );
    expect(screen.queryByText('条件に合うイベントが見つかりません')).toBeNull();
  });
});

describe('past events and the count', () => {
  it('counts the events that match, and shows past ones too when asked, keeping that in the URL', async () => {
    const user = userEvent.setup();
    renderList(`/events?sport=${encodeURIComponent('テニス')}`);
    await waitFor(() =>
      expect(cardTitles()).toEqual(['初心者向けテニス練習会', 'テニス ダブルス練習（中級）']),
    );
    await waitFor(() => expect(screen.getByTestId('event-count')).toHaveTextContent('2件'));

    await user.click(screen.getByLabelText('終了したイベントも表示'));
    await waitFor(() =>
      expect(location()).toBe(`/events?sport=${encodeURIComponent('テニス')}&past=1`),
    );
    const tennis = (await backend.db.events.toArray()).filter((e) => e.sportType === 'テニス');
    expect(tennis.length).toBeGreaterThan(2);
    await waitFor(() => expect(cardTitles()).toHaveLength(tennis.length));
    // Oldest first, as the upcoming ones are: the past ones come before.
    expect(cardTitles().slice(-2)).toEqual([
      '初心者向けテニス練習会',
      'テニス ダブルス練習（中級）',
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('event-count')).toHaveTextContent(`${tennis.length}件`),
    );
  });

  it('reads the switch from a shared URL', async () => {
    renderList('/events?past=1');
    expect(await screen.findByLabelText('終了したイベントも表示')).toBeChecked();
    const all = (await backend.db.events.toArray()).length;
    await waitFor(() =>
      expect(screen.getByTestId('event-count')).toHaveTextContent(
        all > 1000 ? '1000件以上' : `${all}件`,
      ),
    );
  });

  it('does not hold the first cards back for the count', async () => {
    let release: () => void = () => {};
    const count = vi
      .spyOn(backend.events, 'count')
      .mockImplementation(() => new Promise((r) => (release = () => r(7))));
    renderList();
    expect(await screen.findAllByTestId('event-card')).not.toHaveLength(0);
    expect(screen.getByTestId('event-count')).toHaveTextContent('');
    await waitFor(() => expect(count).toHaveBeenCalled());
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('event-count')).toHaveTextContent('7件'));
  });
});
