import { describe, expect, it } from 'vitest';
import { ERR } from './errors';
import {
  FEE_CSV_HEADER,
  decideConfirm,
  decideDeclare,
  feeCsvRows,
  feeRecordSchema,
  feeSummary,
  type FeeRecord,
} from './fees';
import * as z from 'zod/mini';

const organizer = { uid: 'o', emailVerified: true, suspended: false };
const hanako = { uid: 'h', emailVerified: true, suspended: false };
const event = {
  id: 'e1',
  organizerId: 'o',
  participants: ['h', 'j', 'k'],
  fee: 1000,
  status: 'open' as const,
};
const record = (data: Record<string, unknown>): FeeRecord =>
  z.parse(feeRecordSchema, { id: data.userId, ...data });

describe('fees', () => {
  it('lets a participant declare with a method, and not after the organizer confirmed', () => {
    expect(decideDeclare({ actor: hanako, event, method: 'transfer', before: null })).toEqual({
      userId: 'h',
      status: 'declared',
      method: 'transfer',
    });
    const confirmed = record({ userId: 'h', status: 'confirmed', amount: 1000 });
    expect(() =>
      decideDeclare({ actor: hanako, event, method: 'cash', before: confirmed }),
    ).toThrow(ERR.feeAlreadyConfirmed);
    expect(() => decideDeclare({ actor: hanako, event, method: 'card', before: null })).toThrow(
      ERR.invalidPaymentMethod,
    );
    expect(() =>
      decideDeclare({ actor: hanako, event: { ...event, fee: 0 }, method: 'cash', before: null }),
    ).toThrow(ERR.noFeeForEvent);
  });

  it('confirms with the fee and the declared method unless the organizer gives others', () => {
    const declared = record({ userId: 'h', status: 'declared', method: 'transfer' });
    expect(decideConfirm({ actor: organizer, event, userId: 'h', before: declared })).toEqual({
      userId: 'h',
      status: 'confirmed',
      method: 'transfer',
      amount: 1000,
      note: '',
    });
    expect(
      decideConfirm({
        actor: organizer,
        event,
        userId: 'j',
        amount: 500,
        note: ' 割引 ',
        before: null,
      }),
    ).toMatchObject({ method: 'cash', amount: 500, note: '割引' });
    expect(() => decideConfirm({ actor: hanako, event, userId: 'h', before: declared })).toThrow(
      ERR.noFeePermission,
    );
    expect(() => decideConfirm({ actor: organizer, event, userId: 'x', before: null })).toThrow(
      ERR.notEventParticipant,
    );
  });

  it('totals 集金予定, 集金済み and 未収 over the current participants', () => {
    const s = feeSummary(event, {
      h: record({ userId: 'h', status: 'confirmed', method: 'transfer', amount: 1000 }),
      j: record({ userId: 'j', status: 'confirmed', method: 'cash', amount: 500, note: '学生' }),
      k: record({ userId: 'k', status: 'declared', method: 'other' }),
      gone: record({ userId: 'gone', status: 'confirmed', amount: 1000 }),
    });
    expect(s).toMatchObject({ expected: 3000, collected: 1500, outstanding: 1000, owing: ['k'] });
    const names: Record<string, string> = { h: '佐藤 花子', j: '鈴木 次郎', k: '=1+1' };
    expect([
      FEE_CSV_HEADER,
      ...feeCsvRows(
        s,
        (u) => names[u]!,
        () => '出席',
      ),
    ]).toEqual([
      ['名前', '支払い状況', '支払い方法', '金額（円）', 'メモ', '出欠', '受付'],
      ['佐藤 花子', '確認済み', '振込', '1000', '', '出席', ''],
      ['鈴木 次郎', '確認済み', '現金', '500', '学生', '出席', ''],
      ['=1+1', '申告済み', 'その他', '', '', '出席', ''],
    ]);
  });

  it('reads an unknown stored status as 未払い and a bad amount as none', () => {
    expect(record({ userId: 'h', status: 'paid', amount: -5, method: 'card' })).toMatchObject({
      status: 'unpaid',
      amount: null,
      method: null,
    });
  });
});
