import { describe, expect, it } from 'vitest';
import { SPECIAL_ADMIN_EMAIL } from '@/domain/entities/user';
import { ERR } from '@/domain/errors';
import type { ContractHarness, HarnessFactory } from './harness';
import { eventInput, expectRejection, useHarness } from './support';

/**
 * The roster port beside the events suite's join / leave / waitlist cases
 * (src/data/use-cases/roster.ts): what a move up from the キャンセル待ち of a 承認制 event does to the
 * staff dashboard's pending count, who may join the line, and that an ended event keeps its
 * participants.
 */

/** Several accounts a case: on the emulators that takes seconds on a busy machine. */
const SLOW = { timeout: 60_000 };

/** Local midnight `days` from today, as an event's stored day. */
function day(days: number): Date {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

export function rosterContract(makeHarness: HarnessFactory): void {
  describe('roster port: counts and ended events', SLOW, () => {
    const h = useHarness(makeHarness);

    /** The dashboard's pending count, read as the first admin (signed in afterwards). */
    async function pendingOnDashboard(hh: ContractHarness, admin: { uid: string | null }) {
      if (admin.uid) {
        await hh.signInAs(admin.uid);
      } else {
        admin.uid = await hh.signUpAs('運営 管理者', SPECIAL_ADMIN_EMAIL);
        await hh.backend.staff.initializeAdmin();
      }
      return (await hh.backend.staff.dashboard()).pendingRequests;
    }

    it('leaves the request of someone moved up on a 承認制 event out of the pending count, before and after its approval', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ capacity: 1 }));
      const a = await h().signUpAs('参加 花子');
      const request = await backend.participation.request(eventId, 'よろしく');
      await h().signInAs(organizer);
      await backend.participation.approve(request);
      const b = await h().signUpAs('待ち 次郎');
      await backend.roster.joinWaitlist(eventId);
      const admin = { uid: null as string | null };
      expect(await pendingOnDashboard(h(), admin)).toBe(0);

      // A leaves: B gets a pending request, marked as moved up; the dashboard counts the
      // requests people make themselves, so the figure stays.
      await h().signInAs(a);
      await backend.roster.leave(eventId);
      expect(await pendingOnDashboard(h(), admin)).toBe(0);
      await h().signInAs(organizer);
      const { items } = await backend.participation.forEvent(eventId);
      const moved = items.find((r) => r.userId === b)!;
      expect(moved).toMatchObject({ status: 'pending', fromWaitlist: true });
      await backend.participation.approve(moved.id);
      expect((await backend.events.get(eventId))!.participants).toEqual([b]);
      expect(await pendingOnDashboard(h(), admin)).toBe(0);
      // A request B makes themself later is counted as usual.
    });

    it('gives each of those a capacity raise frees on a 承認制 event a request moved up from the line, in order', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ capacity: 1 }));
      await h().signUpAs('参加 花子');
      const first = await backend.participation.request(eventId, '');
      await h().signInAs(organizer);
      await backend.participation.approve(first);
      const line: string[] = [];
      for (const name of ['待ち 一郎', '待ち 二郎', '待ち 三郎']) {
        line.push(await h().signUpAs(name));
        await backend.roster.joinWaitlist(eventId);
      }

      await h().signInAs(organizer);
      await backend.organizing.update(eventId, { capacity: 3 });
      expect((await backend.events.get(eventId))!.waitlist).toEqual([line[2]]);
      const moved = (await backend.participation.forEvent(eventId)).items.filter(
        (r) => r.fromWaitlist,
      );
      expect(moved.map((r) => r.userId).sort()).toEqual([line[0], line[1]].sort());
      expect(moved.every((r) => r.status === 'pending')).toBe(true);
    });

    it('refuses the line to someone whose request for the event is pending', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const eventId = await backend.organizing.create(eventInput({ capacity: 1 }));
      await h().signUpAs('待つ人 三郎');
      await backend.participation.request(eventId, '');
      await h().signUpAs('参加 花子');
      const first = await backend.participation.request(eventId, '');
      await h().signInAs(organizer);
      await backend.participation.approve(first);

      // Full now; 三郎's request is still the organizer's to decide.
      const saburo = (await backend.participation.forEvent(eventId)).items.find(
        (r) => r.status === 'pending',
      )!;
      await h().signInAs(saburo.userId);
      await expectRejection(backend.roster.joinWaitlist(eventId), ERR.alreadyRequested);
      expect((await backend.events.get(eventId))!.waitlist).toEqual([]);
    });

    it('keeps the participants of an ended event: no leave, no removal, once finished or past its end', async () => {
      const { backend } = h();
      const organizer = await h().signUpAs('主催 太郎');
      const finished = await backend.organizing.create(eventInput({ entryMethod: 'firstCome' }));
      const past = await backend.organizing.create(
        eventInput({ entryMethod: 'firstCome', title: '先週の会' }),
      );
      const a = await h().signUpAs('参加 花子');
      await backend.roster.join(finished);
      await backend.roster.join(past);
      await h().signInAs(organizer);
      await backend.organizing.changeStatus(finished, 'finished');
      await h().serverUpdate('events', past, { date: day(-2) });

      await h().signInAs(a);
      for (const id of [finished, past]) {
        await expectRejection(backend.roster.leave(id), ERR.leaveAfterEnd);
        expect((await backend.events.get(id))!.participants).toEqual([a]);
      }
      await h().signInAs(organizer);
      await expectRejection(
        backend.roster.removeParticipant(past, a, 'duplicate'),
        ERR.eventAlreadyOver,
      );
      expect((await backend.events.get(past))!.participants).toEqual([a]);
    });
  });
}
