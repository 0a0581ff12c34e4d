import { describe, expect, it } from 'vitest';
import {
  ATTENDANCE_WINDOW_DAYS,
  EVENT_DEFAULT_DURATION_MS,
  FEE_RECORDS_LIMIT,
} from '@/domain/constants';
import {
  AUTO_ATTENDANCE_CHECK_INS_MAX,
  AUTO_ATTENDANCE_DEFAULT_DURATION_MS,
  AUTO_ATTENDANCE_WINDOW_DAYS,
  autoAttendanceEnd,
  autoAttendanceScanRange,
  decideAutoAttendance,
} from './auto-attendance';

// Saturday 28 November 2026 in Japan: midnight there is 15:00 UTC the day before.
const SATURDAY = new Date('2026-11-27T15:00:00Z');
const event = {
  date: SATURDAY,
  startTime: '10:00',
  endTime: '12:00',
  status: 'open',
  participants: ['hanako', 'jiro'],
};
const at = (iso: string) => new Date(iso);

describe('automatic 出席', () => {
  it('holds the domain’s constants (the Cloud Functions compile this file alone)', () => {
    expect(AUTO_ATTENDANCE_WINDOW_DAYS).toBe(ATTENDANCE_WINDOW_DAYS);
    expect(AUTO_ATTENDANCE_DEFAULT_DURATION_MS).toBe(EVENT_DEFAULT_DURATION_MS);
    expect(AUTO_ATTENDANCE_CHECK_INS_MAX).toBe(FEE_RECORDS_LIMIT);
  });

  it('reckons the end in Japan time, two hours after the start without a later end time', () => {
    expect(autoAttendanceEnd(event)).toEqual(at('2026-11-28T03:00:00Z'));
    expect(autoAttendanceEnd({ ...event, endTime: '' })).toEqual(at('2026-11-28T03:00:00Z'));
    expect(autoAttendanceEnd({ ...event, endTime: '09:00' })).toEqual(at('2026-11-28T03:00:00Z'));
    expect(autoAttendanceEnd({ ...event, startTime: '', endTime: '' })).toEqual(
      at('2026-11-27T17:00:00Z'),
    );
    expect(autoAttendanceEnd({ ...event, date: null })).toBeNull();
  });

  it('waits until the end, then marks the checked-in participants only', () => {
    expect(decideAutoAttendance(event, ['hanako'], at('2026-11-28T03:00:00Z'))).toEqual({
      kind: 'wait',
    });
    expect(
      decideAutoAttendance(event, ['hanako', 'left', 'hanako'], at('2026-11-28T03:01:00Z')),
    ).toEqual({ kind: 'mark', userIds: ['hanako'] });
  });

  it('skips a cancelled event, an unreadable day, and an event past the marking window', () => {
    const later = at('2026-11-28T04:00:00Z');
    expect(decideAutoAttendance({ ...event, status: 'cancelled' }, ['hanako'], later).kind).toBe(
      'skip',
    );
    expect(decideAutoAttendance({ ...event, date: null }, ['hanako'], later).kind).toBe('skip');
    expect(decideAutoAttendance(event, ['hanako'], at('2026-12-12T03:01:00Z')).kind).toBe('skip');
    expect(decideAutoAttendance(event, ['hanako'], at('2026-12-12T03:00:00Z')).kind).toBe('mark');
  });

  it('reads the last three days up to now', () => {
    const now = at('2026-11-28T04:00:00Z');
    expect(autoAttendanceScanRange(now)).toEqual({ from: at('2026-11-25T04:00:00Z'), to: now });
  });
});
