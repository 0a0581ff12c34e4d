import type { Message } from '@/domain/entities/conversation';
import type { PendingSend } from './unsent-messages';
import { mergeChat } from './use-chat';

const t = (minute: number) => new Date(2026, 10, 21, 9, minute);

const message = (id: string, senderId: string, read = false): Message => ({
  id,
  senderId,
  content: id,
  read,
  readAt: null,
  sentAt: t(Number(id.slice(1))),
});

const pending = (id: string, status: PendingSend['status']): PendingSend => ({
  id,
  conversationId: 'a_b',
  content: `draft ${id}`,
  status,
  error: status === 'failed' ? '送信できませんでした' : '',
  errorLink: '',
  createdAt: t(50),
});

describe('mergeChat', () => {
  it('shows stored messages in order with their read state, then my sends not stored yet', () => {
    const items = mergeChat(
      'a',
      [message('m1', 'b'), message('m2', 'a', true), message('m3', 'a')],
      [pending('p1', 'failed'), pending('p2', 'sending')],
    );
    expect(items.map((i) => [i.id, i.mine, i.status])).toEqual([
      ['m1', false, 'sent'],
      ['m2', true, 'read'],
      ['m3', true, 'sent'],
      ['p1', true, 'failed'],
      ['p2', true, 'sending'],
    ]);
    expect(items[3]).toMatchObject({ content: 'draft p1', error: '送信できませんでした' });
  });

  it('shows a stored message still being confirmed as sending, and never twice', () => {
    const items = mergeChat('a', [message('m1', 'a')], [pending('m1', 'sending')]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: 'm1', status: 'sending', content: 'm1' });
  });

  it('keeps a confirmed send as sent until the live list holds it', () => {
    expect(mergeChat('a', [], [pending('p1', 'sent')]).map((i) => i.status)).toEqual(['sent']);
  });
});
