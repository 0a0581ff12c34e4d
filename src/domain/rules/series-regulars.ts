import { eventEnd, type SportEvent } from '@/domain/entities/event';
import type { Series } from '@/domain/entities/series-doc';
import type { SeriesRegular } from '@/domain/entities/series-regular';
import { DomainError } from '@/domain/errors';
import { japanToday } from '@/domain/series';
import { REGULARS_MAX, REGULAR_SKIPS_MAX, type RegularStatus } from '@/domain/series-regulars';
import { assertMayWrite, type Actor } from '@/domain/rules/standing';

/**
 * Regulars of a series (docs/series.md "Regulars"): becoming one, leaving, the organizer's
 * acceptance and removal, and 「今回はお休み」. Pure decisions; the use case
 * (src/data/use-cases/series-regulars.ts) writes them, firestore.rules check the same, and the
 * server puts regulars on the dates (src/domain/series-regulars.ts planPlacement).
 */

/**
 * Becoming a regular: a verified, active account, of an active series that is not their own,
 * once, while the series has room. On 先着順 they are in at once; on 承認制 they wait for the
 * organizer (pending).
 */
export function decideBecomeRegular(
  actor: Actor | null,
  series: Series | null,
  mine: SeriesRegular | null,
  regularCount: number,
): { userId: string; status: RegularStatus } {
  const { uid } = assertMayWrite(actor, 'verified', 'authJoinEvents');
  if (!series) throw new DomainError('seriesNotFound');
  if (mine) throw new DomainError('alreadyRegular', { alreadyDone: true });
  if (series.status !== 'active') throw new DomainError('seriesEnded');
  if (series.organizerId === uid) throw new DomainError('organizerNotRegular');
  if (regularCount >= REGULARS_MAX) throw new DomainError('regularsFull');
  return { userId: uid, status: series.entryMethod === 'firstCome' ? 'accepted' : 'pending' };
}

/** Leaving the series: one's own regular document, whatever the series' status. */
export function decideLeaveSeries(actor: Actor | null, mine: SeriesRegular | null): string {
  const { uid } = assertMayWrite(actor, 'active', 'authLeaveEvents');
  if (!mine) throw new DomainError('notRegular');
  return uid;
}

/** The organizer's hand on a regular: accepting a pending one (承認制), or removing one. */
export function decideManageRegular(
  actor: Actor | null,
  series: Series | null,
  regular: SeriesRegular | null,
  action: 'accept' | 'remove',
): void {
  const me = assertMayWrite(actor, 'active', 'loginRequired');
  if (!series) throw new DomainError('seriesNotFound');
  if (series.organizerId !== me.uid) throw new DomainError('noSeriesPermission');
  if (!regular) throw new DomainError('notRegular');
  if (action === 'accept') {
    if (series.status !== 'active') throw new DomainError('seriesEnded');
    if (regular.status === 'accepted') {
      throw new DomainError('regularAlreadyAccepted', { alreadyDone: true });
    }
  }
}

/**
 * 「今回はお休み」: a regular skips one date of their series before its end. The day is
 * recorded on their regular document, so no later placement puts them back on it; the use case
 * then takes them off the date (a participant leaves and the first in line moves up, someone
 * waiting leaves the line). Returns the skips to store and where to leave from.
 */
export function decideSkip(
  actor: Actor | null,
  mine: SeriesRegular | null,
  date: SportEvent | null,
  seriesId: string,
  now: Date,
): { skips: string[]; leave: 'participants' | 'waitlist' | null } {
  const { uid } = assertMayWrite(actor, 'active', 'authLeaveEvents');
  if (!mine) throw new DomainError('notRegular');
  if (!date) throw new DomainError('eventNotFound');
  if (date.seriesId !== seriesId) throw new DomainError('notSeriesDate');
  // A date's day is its midnight in Japan (dateEventData), stored as seriesDay too.
  const day = japanToday(date.date);
  if (eventEnd(date).getTime() <= now.getTime()) throw new DomainError('leaveAfterEnd');
  const leave = date.participants.includes(uid)
    ? 'participants'
    : date.waitlist.includes(uid)
      ? 'waitlist'
      : null;
  if (mine.skips.includes(day) && !leave) {
    throw new DomainError('alreadySkipped', { alreadyDone: true });
  }
  // Days gone by are dropped: the list holds the window's days at most.
  const today = japanToday(now);
  const kept = mine.skips.filter((d) => d >= today && d !== day);
  return { skips: [...kept, day].slice(-REGULAR_SKIPS_MAX), leave };
}
