import { afterEach, describe, expect, it } from 'vitest';
import { BackendError, DomainError, ERR } from '@/domain/errors';
import { dropQueued, queueCheckIn, queuedCheckIns, sendQueued } from './check-in-outbox';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 1, minute));

describe('the check-in outbox', () => {
  afterEach(async () => {
    for (const q of await queuedCheckIns('e1')) await dropQueued('e1', q.userId);
    for (const q of await queuedCheckIns('e2')) await dropQueued('e2', q.userId);
  });

  it('keeps an event’s check-ins, oldest first, once each; an undo removes one', async () => {
    await queueCheckIn('e1', 'jiro', at(2));
    await queueCheckIn('e1', 'hanako', at(1));
    await queueCheckIn('e2', 'hanako', at(3));
    await queueCheckIn('e1', 'jiro', at(2));
    expect((await queuedCheckIns('e1')).map((q) => q.userId)).toEqual(['hanako', 'jiro']);
    await dropQueued('e1', 'jiro');
    expect(await queuedCheckIns('e1')).toEqual([
      { eventId: 'e1', userId: 'hanako', queuedAt: at(1).getTime() },
    ]);
    expect(await queuedCheckIns('e2')).toHaveLength(1);
  });

  it('sends in order, reports each refusal with its message, and keeps the rest after a network failure', async () => {
    for (const [i, uid] of ['hanako', 'jiro', 'saburo', 'shiro', 'goro'].entries()) {
      await queueCheckIn('e1', uid, at(i));
    }
    const answers: Record<string, () => void> = {
      hanako: () => {},
      jiro: () => {
        throw new DomainError('alreadyCheckedIn', { alreadyDone: true });
      },
      // Replayed after the door closed: the backend decides again and refuses.
      saburo: () => {
        throw new DomainError('checkInClosed');
      },
      shiro: () => {
        throw new BackendError('unavailable');
      },
      goro: () => {},
    };
    const tried: string[] = [];
    const result = await sendQueued('e1', async (uid) => {
      tried.push(uid);
      answers[uid]!();
    });
    expect(tried).toEqual(['hanako', 'jiro', 'saburo', 'shiro']);
    expect(result.sent.map((s) => s.userId)).toEqual(['hanako']);
    expect(result.refused.map((r) => [r.item.userId, r.message])).toEqual([
      ['jiro', ERR.alreadyCheckedIn],
      ['saburo', ERR.checkInClosed],
    ]);
    expect(result.waiting).toBe(2);
    expect((await queuedCheckIns('e1')).map((q) => q.userId)).toEqual(['shiro', 'goro']);

    // The next sending goes on from there.
    const again = await sendQueued('e1', async () => {});
    expect(again.sent.map((s) => s.userId)).toEqual(['shiro', 'goro']);
    expect(await queuedCheckIns('e1')).toEqual([]);
  });
});
