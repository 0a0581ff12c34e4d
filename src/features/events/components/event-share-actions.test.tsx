import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sportEvent } from '@/test/fixtures';
import { ToastOutlet } from '@/lib/toast-outlet';
import { dismissToast, getToasts } from '@/lib/toast-store';
import { EventShareActions } from './event-share-actions';

const EVENT = sportEvent({
  id: 'ev-42',
  title: '週末フットサル',
  description: '初心者歓迎です。',
  location: '世田谷区総合運動場 体育館',
  // Stored as local midnight, as a device in Japan writes the day (the page shows it with the
  // device's clock; the calendar reads it as the same day in Japan).
  date: new Date(2026, 10, 29),
  startTime: '10:00',
  endTime: '12:00',
});
const PAGE_URL = `${window.location.origin}/events/ev-42`;

/** navigator.share and navigator.clipboard as a browser may or may not have them. */
function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(window.navigator, name, { value, configurable: true, writable: true });
}

function renderActions(event = EVENT) {
  // user-event puts a clipboard of its own on navigator: ours goes on after it.
  const user = userEvent.setup();
  setNavigator('clipboard', { writeText });
  render(
    <>
      <EventShareActions event={event} />
      <ToastOutlet />
    </>,
  );
  return user;
}

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  setNavigator('share', undefined);
});
afterEach(() => {
  // The toast store outlives a test: the next one starts with no toast showing.
  for (const t of getToasts()) dismissToast(t.id);
  setNavigator('clipboard', undefined);
  setNavigator('share', undefined);
});

describe('共有', () => {
  it('copies the page link and says so where the browser cannot share', async () => {
    const user = renderActions();
    await user.click(screen.getByRole('button', { name: '共有' }));
    expect(writeText).toHaveBeenCalledWith(PAGE_URL);
    expect(await screen.findByText('イベントのリンクをコピーしました')).toBeInTheDocument();
  });

  it('opens the share sheet with the title, day and link where the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    const user = renderActions();
    await user.click(screen.getByRole('button', { name: '共有' }));
    expect(share).toHaveBeenCalledWith({
      title: '週末フットサル',
      text: '週末フットサル（2026年11月29日(日) 10:00〜12:00）',
      url: PAGE_URL,
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('does nothing more when the share sheet is closed, and copies when it cannot open', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    setNavigator('share', share);
    const user = renderActions();
    const button = screen.getByRole('button', { name: '共有' });
    await user.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('イベントのリンクをコピーしました')).not.toBeInTheDocument();

    share.mockRejectedValue(new DOMException('no gesture', 'NotAllowedError'));
    await user.click(button);
    expect(await screen.findByText('イベントのリンクをコピーしました')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(PAGE_URL);
  });

  it('shows the link to copy by hand when copying fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const user = renderActions();
    await user.click(screen.getByRole('button', { name: '共有' }));
    expect(await screen.findByText('リンクをコピーできませんでした')).toBeInTheDocument();
    expect(screen.getByText(`このURLをコピーしてください：${PAGE_URL}`)).toBeInTheDocument();
  });
});

describe('地図で見る', () => {
  it('opens a map search for the place in a new tab', () => {
    renderActions();
    const link = screen.getByRole('link', { name: /地図で見る/ });
    const url = new URL(link.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('query')).toBe('世田谷区総合運動場 体育館');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('is not offered when the event has no place', () => {
    renderActions(sportEvent({ ...EVENT, location: '' }));
    expect(screen.queryByRole('link', { name: /地図で見る/ })).not.toBeInTheDocument();
  });
});

describe('カレンダーに追加', () => {
  it('offers Google Calendar with the event filled in, in a new tab', async () => {
    const user = renderActions();
    await user.click(screen.getByText('カレンダーに追加'));
    const link = screen.getByRole('link', { name: /Googleカレンダーに追加/ });
    const url = new URL(link.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: '週末フットサル',
      dates: '20261129T100000/20261129T120000',
      ctz: 'Asia/Tokyo',
      details: `初心者歓迎です。\n\n${PAGE_URL}`,
      location: '世田谷区総合運動場 体育館',
    });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('saves an .ics file named after the event', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ics';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const user = renderActions();
    await user.click(screen.getByText('カレンダーに追加'));
    await user.click(screen.getByRole('button', { name: 'カレンダーファイル（.ics）を保存' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('週末フットサル.ics');
    expect(clicked[0]!.href).toBe('blob:ics');
    expect(blobs[0]!.type).toBe('text/calendar;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text).toContain('UID:event-ev-42@sports-community');
    expect(text).toContain(`URL;VALUE=URI:${PAGE_URL}`);
  });

  it('offers only the file, which cancels the entry, for a cancelled event', async () => {
    const user = renderActions(sportEvent({ ...EVENT, status: 'cancelled' }));
    await user.click(screen.getByText('カレンダーに追加'));
    expect(screen.getByRole('button', { name: 'カレンダーファイル（.ics）を保存' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Googleカレンダー/ })).not.toBeInTheDocument();
    expect(screen.getByText(/追加済みの予定が中止として更新されます/)).toBeInTheDocument();
  });
});
