import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { ChatItem } from '../use-chat';
import { MessageList } from './message-list';

const now = new Date(2026, 10, 21, 12, 0);

function item(id: string, over: Partial<ChatItem> = {}): ChatItem {
  return {
    id,
    content: `本文 ${id}`,
    mine: false,
    sentAt: new Date(2026, 10, 21, 9, 0),
    status: 'sent',
    error: '',
    errorLink: '',
    ...over,
  };
}

/** jsdom lays nothing out: give the scroller a 1,000 px tall content in a 300 px window. */
function layOut(scroller: HTMLElement, scrollTop: number) {
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 300 });
  scroller.scrollTop = scrollTop;
}

function renderList(items: ChatItem[], handlers = { onRetry: vi.fn(), onDiscard: vi.fn() }) {
  const ui = (list: ChatItem[]) => (
    <MemoryRouter>
      <MessageList items={list} now={now} partnerName="山田 太郎" {...handlers} />
    </MemoryRouter>
  );
  const result = render(ui(items));
  return { ...result, update: (list: ChatItem[]) => result.rerender(ui(list)), handlers };
}

describe('MessageList', () => {
  it('puts day headings over the messages: the long date, 昨日 and 今日', () => {
    renderList([
      item('a', { sentAt: new Date(2026, 10, 18, 20, 0) }),
      item('b', { sentAt: new Date(2026, 10, 20, 8, 0) }),
      item('c', { sentAt: new Date(2026, 10, 21, 7, 0) }),
      item('d', { sentAt: new Date(2026, 10, 21, 8, 0) }),
    ]);
    const texts = within(screen.getByRole('log'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts).toEqual([
      '2026年11月18日(水)',
      expect.stringContaining('本文 a'),
      '昨日',
      expect.stringContaining('本文 b'),
      '今日',
      expect.stringContaining('本文 c'),
      expect.stringContaining('本文 d'),
    ]);
  });

  it('labels my messages by their state and the other person’s by their name for screen readers', () => {
    renderList([
      item('a', { mine: true, status: 'sending' }),
      item('b', { mine: true, status: 'sent' }),
      item('c', { mine: true, status: 'read' }),
      item('d'),
    ]);
    const [, a, b, c, d] = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(a).toHaveTextContent('あなた：本文 a送信中…');
    expect(b).toHaveTextContent('送信済み09:00');
    expect(c).toHaveTextContent('既読09:00');
    expect(d).toHaveTextContent('山田 太郎：本文 d09:00');
  });

  it('offers 再送信 and 取り消す on a failed message, keeping its text', () => {
    const { handlers } = renderList([
      item('x', {
        mine: true,
        status: 'failed',
        error: '送信できませんでした',
        errorLink: '/verify-email',
      }),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('送信できませんでした');
    expect(within(alert).getByRole('link', { name: '確認メールについて' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
    expect(screen.getByText('本文 x')).toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: '再送信' }));
    fireEvent.click(within(alert).getByRole('button', { name: '取り消す' }));
    expect(handlers.onRetry).toHaveBeenCalledWith('x');
    expect(handlers.onDiscard).toHaveBeenCalledWith('x');
  });

  it('follows new messages at the bottom, and offers a pill instead when I have scrolled up', () => {
    const { update } = renderList([item('a'), item('b')]);
    const scroller = screen.getByRole('log');
    // At the bottom: a new message scrolls into view and no pill appears.
    layOut(scroller, 700);
    fireEvent.scroll(scroller);
    update([item('a'), item('b'), item('c')]);
    expect(scroller.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: /新しいメッセージ/ })).toBeNull();

    // Scrolled up to read: the view stays, the pill appears and takes me down.
    layOut(scroller, 100);
    fireEvent.scroll(scroller);
    update([item('a'), item('b'), item('c'), item('d')]);
    expect(scroller.scrollTop).toBe(100);
    fireEvent.click(screen.getByRole('button', { name: /新しいメッセージ/ }));
    expect(scroller.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: /新しいメッセージ/ })).toBeNull();

    // My own message always scrolls down.
    layOut(scroller, 100);
    fireEvent.scroll(scroller);
    update([item('a'), item('b'), item('c'), item('d'), item('e', { mine: true })]);
    expect(scroller.scrollTop).toBe(1000);
  });
});

describe('MessageList: addresses', () => {
  it('makes an address in a message a link that opens apart from this page', () => {
    renderList([item('a', { content: '集合場所 https://example.com/map です' })]);
    const link = screen.getByRole('link', { name: 'https://example.com/map' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});
