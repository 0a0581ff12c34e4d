import { describe, expect, it } from 'vitest';
import { ERR } from '@/domain/errors';
import type { ContractHarness, HarnessFactory } from './harness';
import { eventInput, expectRejection, useHarness } from './support';

/**
 * Who has paid an event's 参加費 (src/data/use-cases/fees.ts): a participant's own declaration,
 * the organizer's confirmation and reset, and every refusal, on both backends.
 */
export function feesContract(makeHarness: HarnessFactory): void {
  describe('fees port', () => {
    const h = useHarness(makeHarness);

    /**
     * A 1,000円 event of a new organizer that two new participants joined, and someone who did
     * not take part. Ends signed in as the organizer.
     */
    async function feeEvent(h: ContractHarness, fee = 1000) {
      const organizer = await h.signUpAs('主催 太郎');
      const eventId = await h.backend.organizing.create(
        eventInput({ title: '朝のテニス', fee, entryMethod: 'firstCome' }),
      );
      const players: string[] = [];
      for (const name of ['参加 花子', '参加 次郎']) {
        players.push(await h.signUpAs(name));
        await h.backend.roster.join(eventId);
      }
      const outsider = await h.signUpAs('見学 三郎');
      await h.signInAs(organizer);
      return { organizer, eventId, players: players as [string, string], outsider };
    }

    it('takes a participant’s declaration, then the organizer’s confirmation and cash', async () => {
      const { backend } = h();
      const { eventId, players, organizer } = await feeEvent(h());
      const [hanako, jiro] = players;
      expect(await backend.fees.forEvent(eventId)).toEqual({});

      await h().signInAs(hanako);
      expect(await backend.fees.mine(eventId)).toBeNull();
      await backend.fees.declare(eventId, 'cash');
      await backend.fees.declare(eventId, 'transfer');
      expect(await backend.fees.mine(eventId)).toMatchObject({
        userId: hanako,
        status: 'declared',
        method: 'transfer',
        amount: null,
        note: '',
      });

      await h().signInAs(organizer);
      expect(await backend.fees.forEvent(eventId)).toMatchObject({
        [hanako]: { status: 'declared', method: 'transfer' },
      });
      // Confirmed with the declared method and the event's fee.
      await backend.fees.confirm(eventId, hanako);
      // Cash handed over with nothing declared, at a discount, with a note.
      await backend.fees.confirm(eventId, jiro, { amount: 500, note: ' 学生割引 ' });
      const records = await backend.fees.forEvent(eventId);
      expect(records[hanako]).toMatchObject({
        status: 'confirmed',
        method: 'transfer',
        amount: 1000,
      });
      expect(records[jiro]).toMatchObject({
        status: 'confirmed',
        method: 'cash',
        amount: 500,
        note: '学生割引',
      });

      // The participant sees their confirmed record and can no longer change it.
      await h().signInAs(hanako);
      expect(await backend.fees.mine(eventId)).toMatchObject({ status: 'confirmed', amount: 1000 });
      await expectRejection(backend.fees.declare(eventId, 'other'), ERR.feeAlreadyConfirmed);
      await expectRejection(backend.fees.withdraw(eventId), ERR.feeAlreadyConfirmed);

      // The organizer can put a mistaken confirmation back to 未払い.
      await h().signInAs(organizer);
      await backend.fees.reset(eventId, jiro);
      expect(Object.keys(await backend.fees.forEvent(eventId))).toEqual([hanako]);
    }, 90_000);

    it('lets a participant withdraw their own declaration', async () => {
      const { backend } = h();
      const { eventId, players } = await feeEvent(h());
      await h().signInAs(players[0]);
      await backend.fees.withdraw(eventId); // nothing declared: no change
      await backend.fees.declare(eventId, 'other');
      await backend.fees.withdraw(eventId);
      expect(await backend.fees.mine(eventId)).toBeNull();
    });

    it('refuses a participant confirming, resetting or reading anyone’s payments', async () => {
      const { backend } = h();
      const { eventId, players } = await feeEvent(h());
      const [hanako, jiro] = players;
      await h().signInAs(hanako);
      await backend.fees.declare(eventId, 'transfer');
      await expectRejection(backend.fees.confirm(eventId, hanako), ERR.noFeePermission);
      await expectRejection(
        backend.fees.confirm(eventId, hanako, { amount: 0 }),
        ERR.noFeePermission,
      );
      await expectRejection(backend.fees.reset(eventId, jiro), ERR.noFeePermission);
      await expectRejection(backend.fees.forEvent(eventId), ERR.noFeePermission);
      // Another participant sees only their own (none), never hanako's.
      await h().signInAs(jiro);
      expect(await backend.fees.mine(eventId)).toBeNull();
      await h().signOut();
      expect(await backend.fees.mine(eventId)).toBeNull();
      await expectRejection(backend.fees.declare(eventId, 'cash'), ERR.loginRequired);
      await expectRejection(backend.fees.forEvent(eventId), ERR.loginRequired);
    });

    it('refuses a declaration by someone who is not taking part, or without a method', async () => {
      const { backend } = h();
      const { eventId, outsider, players } = await feeEvent(h());
      await h().signInAs(outsider);
      await expectRejection(backend.fees.declare(eventId, 'cash'), ERR.notParticipating);
      await h().signInAs(players[0]);
      await expectRejection(backend.fees.declare(eventId, 'card'), ERR.invalidPaymentMethod);
      await expectRejection(backend.fees.declare('missing', 'cash'), ERR.eventNotFound);
    });

    it('refuses the organizer recording a payment of someone not taking part, or out of range', async () => {
      const { backend } = h();
      const { eventId, outsider, players } = await feeEvent(h());
      await expectRejection(backend.fees.confirm(eventId, outsider), ERR.notEventParticipant);
      await expectRejection(
        backend.fees.confirm(eventId, players[0], { amount: -1 }),
        ERR.invalidFeeAmount,
      );
      await expectRejection(
        backend.fees.confirm(eventId, players[0], { amount: 10.5 }),
        ERR.invalidFeeAmount,
      );
      await expectRejection(
        backend.fees.confirm(eventId, players[0], { note: 'あ'.repeat(201) }),
        ERR.feeNoteTooLong,
      );
      await expectRejection(
        backend.fees.confirm(eventId, players[0], { method: 'card' }),
        ERR.invalidPaymentMethod,
      );
      expect(await backend.fees.forEvent(eventId)).toEqual({});
    });

    it('refuses fees on a free event, and a suspended participant’s declaration', async () => {
      const { backend } = h();
      const free = await feeEvent(h(), 0);
      await expectRejection(backend.fees.confirm(free.eventId, free.players[0]), ERR.noFeeForEvent);
      await h().signInAs(free.players[0]);
      await expectRejection(backend.fees.declare(free.eventId, 'cash'), ERR.noFeeForEvent);

      const paid = await feeEvent(h());
      await h().setSuspended(paid.players[0], true);
      await h().signInAs(paid.players[0]);
      await expectRejection(backend.fees.declare(paid.eventId, 'cash'), ERR.accountSuspended);
    }, 60_000);
  });
}
