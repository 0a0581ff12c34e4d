import { describe, expect, it } from 'vitest';
import { ERR } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import type { ContractHarness, HarnessFactory } from './harness';
import { dayFromToday, eventInput, expectRejection, useHarness } from './support';

/**
 * What an event's end and an organizer's removal bound (issue 50; docs/domain.md "After the
 * end"), on both backends: each attacker's case refused by the domain beside its legitimate
 * twin. Events are created upcoming and then moved past the rules (serverUpdate), as time would.
 */
export function eventEndContract(makeHarness: HarnessFactory): void {
  describe('the end of an event, and removals', () => {
    const h = useHarness(makeHarness);

    /** Local midnight `days` from today, as an event's stored day. */
    const day = (days: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
    };

    /** A new organizer's upcoming event; ends signed in as them. */
    async function organized(
      h: ContractHarness,
      entryMethod: 'firstCome' | 'approval',
      capacity = 10,
    ) {
      const organizer = await h.signUpAs('主催 太郎');
      const eventId = await h.backend.organizing.create(
        eventInput({ date: dayFromToday(3), entryMethod, capacity }),
      );
      return { organizer, eventId };
    }

    const endIt = (h: ContractHarness, eventId: string) =>
      h.serverUpdate('events', eventId, { date: day(-2) });

    it('refuses a direct join, a request and the line once the event has ended, open or not', async () => {
      const { backend } = h();
      const first = await organized(h(), 'firstCome', 1);
      const asked = await backend.organizing.create(eventInput({ date: dayFromToday(3) }));
      await h().signUpAs('参加 花子');
      // Before the end: the seat, and a request on the 承認制 event.
      await backend.roster.join(first.eventId);
      await backend.participation.request(asked, 'よろしくお願いします');
      await h().signUpAs('参加 次郎');
      await endIt(h(), first.eventId);
      await endIt(h(), asked);
      await expectRejection(backend.roster.joinWaitlist(first.eventId), ERR.eventEnded);
      await h().serverUpdate('events', first.eventId, { participants: [] });
      await expectRejection(backend.roster.join(first.eventId), ERR.eventEnded);
      await expectRejection(backend.participation.request(asked, ''), ERR.eventEnded);
      expect((await backend.events.get(first.eventId))!.participants).toEqual([]);
    });

    it('refuses approving a stale request after the end, and still lets it be rejected', async () => {
      const { backend } = h();
      const { organizer, eventId } = await organized(h(), 'approval');
      const other = await backend.organizing.create(eventInput({ date: dayFromToday(3) }));
      await h().signUpAs('参加 花子');
      const stale = await backend.participation.request(eventId, '');
      const fresh = await backend.participation.request(other, '');
      await h().signInAs(organizer);
      await endIt(h(), eventId);
      await expectRejection(backend.participation.approve(stale), ERR.eventEnded);
      await backend.participation.reject(stale);
      // Before the end the same approval goes through.
      await backend.participation.approve(fresh);
      expect((await backend.events.get(eventId))!.participants).toEqual([]);
      expect((await backend.events.get(other))!.participants).toHaveLength(1);
    });

    it('asks a start 15 minutes ahead on creation, and refuses moving an event that has ended', async () => {
      const { backend } = h();
      const { eventId } = await organized(h(), 'approval');
      const soon = new Date(Date.now() + 5 * 60_000);
      if (formatIsoDate(soon) === dayFromToday(0)) {
        const pad = (n: number) => String(n).padStart(2, '0');
        await expectRejection(
          backend.organizing.create(
            eventInput({
              date: dayFromToday(0),
              startTime: `${pad(soon.getHours())}:${pad(soon.getMinutes())}`,
              endTime: '',
            }),
          ),
          ERR.eventStartTooSoon,
        );
      }
      // An upcoming event moves to a later day; once ended, it moves nowhere.
      await backend.organizing.update(eventId, { date: dayFromToday(5) });
      await endIt(h(), eventId);
      await expectRejection(
        backend.organizing.update(eventId, { date: dayFromToday(9) }),
        ERR.moveAfterEnd,
      );
      await expectRejection(
        backend.organizing.update(eventId, { endTime: '13:00' }),
        ERR.moveAfterEnd,
      );
      // Its description can still be corrected.
      await backend.organizing.update(eventId, { description: 'ご参加ありがとうございました' });
    });

    it('lets an ended event become 終了, never 中止; 中止 before the end', async () => {
      const { backend } = h();
      const { eventId } = await organized(h(), 'approval');
      const other = await backend.organizing.create(eventInput({ date: dayFromToday(3) }));
      await endIt(h(), eventId);
      await expectRejection(
        backend.organizing.changeStatus(eventId, 'cancelled'),
        ERR.cancelAfterEnd,
      );
      await backend.organizing.changeStatus(eventId, 'finished');
      await backend.organizing.changeStatus(other, 'cancelled');
      expect((await backend.events.get(eventId))!.status).toBe('finished');
      expect((await backend.events.get(other))!.status).toBe('cancelled');
    });

    it('counts two marks of one person exactly, written and cleared', async () => {
      const { backend } = h();
      const { organizer, eventId } = await organized(h(), 'firstCome');
      const second = await backend.organizing.create(
        eventInput({ date: dayFromToday(3), entryMethod: 'firstCome' }),
      );
      const hanako = await h().signUpAs('参加 花子');
      await backend.roster.join(eventId);
      await backend.roster.join(second);
      await endIt(h(), eventId);
      await endIt(h(), second);
      await h().signInAs(organizer);
      // Two marks of one person: the port writes each in a write of its own (the rules refuse
      // two counted marks in one: tests/rules/attendance.rules.test.ts), the counts moving by
      // each, up and back down, never past what the marks say.
      await backend.rollCall.mark(eventId, hanako, 'noShow');
      await backend.rollCall.mark(second, hanako, 'noShow');
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 2 });
      await backend.rollCall.markAllAttended(eventId);
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 1 });
      await backend.rollCall.mark(second, hanako, 'excused');
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 1, noShow: 0 });
      await backend.rollCall.mark(second, hanako, 'attended');
      expect(await backend.attendance.stats(hanako)).toEqual({ excused: 0, noShow: 0 });
    }, 60_000);

    it('records a removal, keeps the removed person from coming back by themself, and lets the organizer add them back', async () => {
      const { backend } = h();
      const { organizer, eventId } = await organized(h(), 'firstCome', 1);
      const hanako = await h().signUpAs('参加 花子');
      await backend.roster.join(eventId);
      await h().signInAs(organizer);
      await backend.roster.removeParticipant(eventId, hanako, 'conduct');
      const after = (await backend.events.get(eventId))!;
      expect(after.participants).toEqual([]);
      expect(after.removals[hanako]).toMatchObject({ by: organizer, reason: 'conduct' });
      expect(after.removals[hanako]!.at).toBeInstanceOf(Date);

      await h().signInAs(hanako);
      await expectRejection(backend.roster.join(eventId), ERR.removedByOrganizer);
      // Someone else takes the seat; the removed person may not wait for it either.
      const jiro = await h().signUpAs('参加 次郎');
      await backend.roster.join(eventId);
      await h().signInAs(hanako);
      await expectRejection(backend.roster.joinWaitlist(eventId), ERR.removedByOrganizer);
      // Nor ask on a 承認制 event of the same organizer once removed there.
      await h().signInAs(organizer);
      const asked = await backend.organizing.create(eventInput({ date: dayFromToday(3) }));
      await h().signInAs(hanako);
      const request = await backend.participation.request(asked, '');
      await h().signInAs(organizer);
      await backend.participation.approve(request);
      await backend.roster.removeParticipant(asked, hanako, 'duplicate');
      await h().signInAs(hanako);
      await expectRejection(backend.participation.request(asked, ''), ERR.removedByOrganizer);

      // Only the organizer adds them back, within capacity.
      await expectRejection(backend.roster.restoreParticipant(asked, hanako), ERR.noEditPermission);
      await h().signInAs(organizer);
      await expectRejection(backend.roster.restoreParticipant(eventId, hanako), ERR.eventFull);
      await backend.roster.restoreParticipant(asked, hanako);
      const back = (await backend.events.get(asked))!;
      expect(back.participants).toEqual([hanako]);
      expect(back.removals).toEqual({});
      expect((await backend.events.get(eventId))!.participants).toEqual([jiro]);
    }, 60_000);
  });
}
