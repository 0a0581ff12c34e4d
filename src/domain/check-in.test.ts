import { describe, expect, it } from 'vitest';
import {
  checkInCode,
  checkInPhase,
  newCheckInToken,
  parseCheckInCode,
  resolveScan,
  scanMessage,
} from './check-in';

const event = {
  date: new Date(2026, 11, 1),
  startTime: '10:00',
  endTime: '12:00',
  status: 'open' as const,
};
const at = (h: number, m = 0) => new Date(2026, 11, 1, h, m);

describe('check-in', () => {
  it('opens an hour before the start and closes at the end', () => {
    expect(checkInPhase(event, at(8, 59))).toBe('before');
    expect(checkInPhase(event, at(9, 0))).toBe('open');
    expect(checkInPhase(event, at(12, 0))).toBe('open');
    expect(checkInPhase(event, at(12, 1))).toBe('after');
    expect(checkInPhase({ ...event, status: 'cancelled' }, at(10))).toBe('cancelled');
  });

  it('makes a code of the event and a random token, never the user id', () => {
    const token = newCheckInToken(new Uint8Array(16).fill(255));
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(parseCheckInCode(checkInCode('e1', token))).toEqual({ eventId: 'e1', token });
    expect(parseCheckInCode('https://example.com')).toBeNull();
    expect(parseCheckInCode('SPORTS-CHECKIN:e1:short')).toBeNull();
  });

  it('says at once what a scan did, or why not', () => {
    const token = 'abcdefghijklmnopqrstuv';
    const base = {
      eventId: 'e1',
      tokens: new Map([[token, 'h']]),
      participants: ['h'],
      checkedIn: new Set<string>(),
    };
    const name = () => '佐藤 花子';
    const say = (over: Partial<typeof base> & { text: string }) =>
      scanMessage(resolveScan({ ...base, ...over }), name);
    expect(say({ text: checkInCode('e1', token) })).toBe('佐藤 花子さんを受付しました');
    expect(say({ text: checkInCode('e1', token), checkedIn: new Set(['h']) })).toBe(
      '佐藤 花子さんは受付済みです',
    );
    expect(say({ text: checkInCode('e2', token) })).toBe('別のイベントの受付コードです');
    expect(say({ text: checkInCode('e1', token), participants: [] })).toBe(
      '佐藤 花子さんはこのイベントの参加者ではありません',
    );
    expect(say({ text: checkInCode('e1', 'ABCDEFGHIJKLMNOPQRSTUV') })).toBe(
      '受付コードではないか、再発行される前の古いコードです',
    );
  });
});
