import { describe, expect, it } from 'vitest';
import type { SportEvent } from '@/domain/entities/event';
import { isOver } from '@/domain/entities/event';
import { REQUEST_PROMOTIONS_MAX } from '@/domain/constants';
import {
  decideCapacityPromotions,
  decideJoin,
  decideJoinWaitlist,
  decideLeave,
  decideLeaveWaitlist,
  decidePromotions,
  decideRemoveParticipant,
  decideRestoreParticipant,
  waitlistPosition,
} from '@/domain/rules/roster';
import { actorOf, refusal, refusedAsDone } from '@/test/actors';
import { ORGANIZER, sportEvent } from '@/test/fixtures';

const USER = 'u1';
/** Before the test events (10 May 2099), and well after. */
const NOW = new Date(2026, 0, 1);
const LATER = new Date(2100, 0, 1);

function event(overrides: Record<string, unknown> = {}): SportEvent {
  return sportEvent({
    date: new Date(2099, 4, 10),
    startTime: '10:00',
    entryMethod: 'firstCome',
    capacity: 2,
    ...overrides,
  });
}

describe('decideJoin', () => {
  it('adds the user to a 先着順 event with room and tells the organizer', () => {
    const d = decideJoin(actorOf(USER), event({ participants: ['a'] }), '花子', NOW);
    expect(d.participants).toEqual(['a', USER]);
    expect(d.notify).toMatchObject({
      id: `e1_${USER}_participant_joined`,
      userId: ORGANIZER,
      type: 'participant_joined',
      data: { eventId: 'e1', participantId: USER, participantName: '花子' },
    });
  });

  it('refuses signed out, missing, repeated, not open, 承認制, full and queue-jumping joins', () => {
    expect(refusal(() => decideJoin(null, event(), '', NOW))).toBe('authJoinEvents');
    expect(refusal(() => decideJoin(actorOf(USER), null, '', NOW))).toBe('eventNotFound');
    expect(
      refusedAsDone(() => decideJoin(actorOf(USER), event({ participants: [USER] }), '', NOW)),
    ).toBe(true);
    expect(refusal(() => decideJoin(actorOf(USER), event({ status: 'closed' }), '', NOW))).toBe(
      'eventNotOpen',
    );
    expect(
      refusal(() => decideJoin(actorOf(USER), event({ entryMethod: 'approval' }), '', NOW)),
    ).toBe('approvalRequired');
    // Missing reads as 承認制.
    expect(
      refusal(() => decideJoin(actorOf(USER), event({ entryMethod: undefined }), '', NOW)),
    ).toBe('approvalRequired');
    expect(
      refusal(() => decideJoin(actorOf(USER), event({ participants: ['a', 'b'] }), '', NOW)),
    ).toBe('eventFull');
    expect(
      refusal(() =>
        decideJoin(actorOf(USER), event({ participants: ['a'], waitlist: ['w'] }), '', NOW),
      ),
    ).toBe('eventFull');
    expect(
      refusal(() => decideJoin(actorOf(USER, { emailVerified: false }), event(), '', NOW)),
    ).toBe('emailNotVerified');
  });
});

describe('decideLeave', () => {
  it('frees the seat for the first in line on 先着順, telling them and the organizer', () => {
    const d = decideLeave(
      actorOf(USER),
      event({ participants: [USER, 'a'], waitlist: ['w1', 'w2'] }),
      '',
      NOW,
    );
    expect(d.participants).toEqual(['a', 'w1']);
    expect(d.waitlist).toEqual(['w2']);
    expect(d.promoted).toEqual(['w1']);
    expect(d.notify.map((n) => [n.type, n.userId])).toEqual([
      ['participant_left', ORGANIZER],
      ['waitlist_promoted', 'w1'],
    ]);
  });

  it('on 承認制 moves the first in line to a request instead of the participants', () => {
    const d = decideLeave(
      actorOf(USER),
      event({ entryMethod: 'approval', participants: [USER, 'a'], waitlist: ['w1'] }),
      '',
      NOW,
    );
    expect(d.participants).toEqual(['a']);
    expect(d.promoted).toEqual(['w1']);
    expect(d.notify[1]).toMatchObject({ type: 'waitlist_promoted', data: { requestId: 'e1_w1' } });
  });

  it('lets a participant leave a cancelled event, promoting nobody', () => {
    const d = decideLeave(
      actorOf(USER),
      event({ status: 'cancelled', participants: [USER, 'a'], waitlist: ['w1'] }),
      '',
      LATER,
    );
    expect(d.participants).toEqual(['a']);
    expect(d.promoted).toEqual([]);
    expect(d.waitlist).toEqual(['w1']);
  });

  it('refuses leaving an event that has ended: finished, or past its end while still open', () => {
    const joined = { participants: [USER, 'a'] };
    expect(
      refusal(() => decideLeave(actorOf(USER), event({ ...joined, status: 'finished' }), '', NOW)),
    ).toBe('leaveAfterEnd');
    expect(refusal(() => decideLeave(actorOf(USER), event(joined), '', LATER))).toBe(
      'leaveAfterEnd',
    );
    // 10:00〜12:00: it ends at 12:00.
    const justBefore = new Date(2099, 4, 10, 11, 59);
    const atEnd = new Date(2099, 4, 10, 12, 0);
    expect(decideLeave(actorOf(USER), event(joined), '', justBefore).participants).toEqual(['a']);
    expect(refusal(() => decideLeave(actorOf(USER), event(joined), '', atEnd))).toBe(
      'leaveAfterEnd',
    );
  });

  it('refuses someone who does not take part', () => {
    expect(refusal(() => decideLeave(actorOf(USER), event(), '', NOW))).toBe('notParticipating');
  });
});

describe('the キャンセル待ち', () => {
  const fullEvent = event({ participants: ['a', 'b'], waitlist: ['w1'] });

  it('appends at the end of the line of a full event, and gives the position', () => {
    const { waitlist } = decideJoinWaitlist(actorOf(USER), fullEvent, false, NOW);
    expect(waitlist).toEqual(['w1', USER]);
    expect(waitlistPosition({ waitlist }, USER)).toBe(2);
    expect(waitlistPosition({ waitlist }, 'x')).toBeNull();
  });

  it('refuses someone whose request for the event is pending: the organizer decides it first', () => {
    expect(refusal(() => decideJoinWaitlist(actorOf(USER), fullEvent, true, NOW))).toBe(
      'alreadyRequested',
    );
  });

  it('refuses a second place, a participant, an event with room or not open', () => {
    expect(refusedAsDone(() => decideJoinWaitlist(actorOf('w1'), fullEvent, false, NOW))).toBe(
      true,
    );
    expect(refusal(() => decideJoinWaitlist(actorOf('a'), fullEvent, false, NOW))).toBe(
      'alreadyJoined',
    );
    expect(refusal(() => decideJoinWaitlist(actorOf(USER), event(), false, NOW))).toBe(
      'eventNotFull',
    );
    for (const status of ['closed', 'cancelled', 'finished']) {
      expect(
        refusal(() =>
          decideJoinWaitlist(actorOf(USER), event({ ...fullEvent, status }), false, NOW),
        ),
      ).toBe('eventNotOpen');
    }
  });

  it('takes one off their own place only', () => {
    expect(decideLeaveWaitlist(actorOf('w1'), fullEvent).waitlist).toEqual([]);
    expect(refusal(() => decideLeaveWaitlist(actorOf(USER), fullEvent))).toBe('notOnWaitlist');
  });
});

describe('promotions', () => {
  it('two seats freed at once promote exactly the first two, in order', () => {
    const before = event({ participants: ['a', 'b'], waitlist: ['w1', 'w2', 'w3'] });
    const d = decideCapacityPromotions(before, 4, NOW);
    expect(d.promoted).toEqual(['w1', 'w2']);
    expect(d.participants).toEqual(['a', 'b', 'w1', 'w2']);
    expect(d.waitlist).toEqual(['w3']);
  });

  it('promotes nobody when the capacity does not rise, and everyone when the limit goes', () => {
    const before = event({ participants: ['a', 'b'], waitlist: ['w1'] });
    expect(decideCapacityPromotions(before, 2, NOW).promoted).toEqual([]);
    expect(decideCapacityPromotions(before, 0, NOW).promoted).toEqual(['w1']);
  });

  it('moves up to REQUEST_PROMOTIONS_MAX a write on 承認制, and as many as freed on 先着順', () => {
    const line = ['1', '2', '3', '4', '5', '6', '7'];
    const e = event({ entryMethod: 'approval', waitlist: line, capacity: 0 });
    expect(decidePromotions(e, 7)).toEqual({
      promoted: line.slice(0, REQUEST_PROMOTIONS_MAX),
      waitlist: line.slice(REQUEST_PROMOTIONS_MAX),
    });
    expect(REQUEST_PROMOTIONS_MAX).toBe(5);
    expect(decidePromotions({ ...e, entryMethod: 'firstCome' }, 7).promoted).toEqual(line);
  });
});

describe('decideRemoveParticipant', () => {
  const e = event({ participants: [USER, 'a'], waitlist: ['w1'] });

  it('lets the organizer remove a participant for a listed reason, the first in line moving up', () => {
    const d = decideRemoveParticipant(actorOf(ORGANIZER), e, USER, 'duplicate', NOW);
    expect(d.participants).toEqual(['a', 'w1']);
    expect(d.notify[0]).toMatchObject({
      type: 'participant_removed',
      userId: USER,
      data: { reason: 'duplicate' },
    });
  });

  it('refuses anyone else, a reason off the list, and someone not taking part', () => {
    expect(refusal(() => decideRemoveParticipant(actorOf('a'), e, USER, 'duplicate', NOW))).toBe(
      'noEditPermission',
    );
    expect(refusal(() => decideRemoveParticipant(actorOf(ORGANIZER), e, USER, 'x', NOW))).toBe(
      'removalReasonRequired',
    );
    expect(refusal(() => decideRemoveParticipant(actorOf(ORGANIZER), e, 'z', 'other', NOW))).toBe(
      'notParticipating',
    );
  });

  it('refuses a removal once the event is over: ended, finished or cancelled', () => {
    const remove = (ev: SportEvent, now: Date) => () =>
      decideRemoveParticipant(actorOf(ORGANIZER), ev, USER, 'duplicate', now);
    expect(refusal(remove(e, LATER))).toBe('eventAlreadyOver');
    expect(refusal(remove({ ...e, status: 'finished' }, NOW))).toBe('eventAlreadyOver');
    expect(refusal(remove({ ...e, status: 'cancelled' }, NOW))).toBe('eventAlreadyOver');
  });
});

describe('isOver', () => {
  it('is over when cancelled, finished or past its end', () => {
    const now = new Date(2099, 4, 10, 11, 0);
    expect(isOver(event(), now)).toBe(false);
    expect(isOver(event({ status: 'cancelled' }), now)).toBe(true);
    expect(isOver(event({ status: 'finished' }), now)).toBe(true);
    expect(isOver(event({ endTime: '12:00' }), new Date(2099, 4, 10, 12, 1))).toBe(true);
  });
});

describe('the end of an event and a removal', () => {
  const removed = { removals: { [USER]: { by: ORGANIZER, reason: 'conduct', at: NOW } } };

  it('refuses a direct join or the line after the end, allowing them before', () => {
    expect(refusal(() => decideJoin(actorOf(USER), event(), '', LATER))).toBe('eventEnded');
    expect(decideJoin(actorOf(USER), event(), '', NOW).participants).toEqual([USER]);
    const full = event({ participants: ['a', 'b'] });
    expect(refusal(() => decideJoinWaitlist(actorOf(USER), full, false, LATER))).toBe('eventEnded');
    expect(decideJoinWaitlist(actorOf(USER), full, false, NOW).waitlist).toEqual([USER]);
  });

  it('moves nobody up on a capacity raise after the end', () => {
    const before = event({ participants: ['a', 'b'], waitlist: ['w1'] });
    expect(decideCapacityPromotions(before, 3, LATER).promoted).toEqual([]);
    expect(decideCapacityPromotions(before, 3, NOW).promoted).toEqual(['w1']);
  });

  it('records a removal, and keeps the removed person from joining or waiting again', () => {
    const d = decideRemoveParticipant(
      actorOf(ORGANIZER),
      event({ participants: [USER] }),
      USER,
      'conduct',
      NOW,
    );
    expect(d.removal).toEqual({ by: ORGANIZER, reason: 'conduct' });
    expect(refusal(() => decideJoin(actorOf(USER), event(removed), '', NOW))).toBe(
      'removedByOrganizer',
    );
    const full = event({ participants: ['a', 'b'], ...removed });
    expect(refusal(() => decideJoinWaitlist(actorOf(USER), full, false, NOW))).toBe(
      'removedByOrganizer',
    );
    expect(decideJoin(actorOf('other'), event(removed), '', NOW).participants).toEqual(['other']);
  });

  it('lets the organizer alone add a removed person back, within capacity', () => {
    expect(decideRestoreParticipant(actorOf(ORGANIZER), event(removed), USER, NOW)).toEqual({
      participants: [USER],
    });
    expect(refusal(() => decideRestoreParticipant(actorOf(USER), event(removed), USER, NOW))).toBe(
      'noEditPermission',
    );
    expect(refusal(() => decideRestoreParticipant(actorOf(ORGANIZER), event(), USER, NOW))).toBe(
      'notRemoved',
    );
    expect(
      refusal(() =>
        decideRestoreParticipant(
          actorOf(ORGANIZER),
          event({ participants: ['a', 'b'], ...removed }),
          USER,
          NOW,
        ),
      ),
    ).toBe('eventFull');
    expect(
      refusal(() => decideRestoreParticipant(actorOf(ORGANIZER), event(removed), USER, LATER)),
    ).toBe('eventAlreadyOver');
  });
});
