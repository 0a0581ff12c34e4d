import type { ApiPort } from '@/data/ports/api';
import { DOC_ID, fieldOp, type Transaction } from '@/data/storage/storage';
import { requesterNameOf } from '@/domain/entities/notification';
import { seriesSchema } from '@/domain/entities/series-doc';
import { seriesRegularSchema, type SeriesRegular } from '@/domain/entities/series-regular';
import {
  decideBecomeRegular,
  decideLeaveSeries,
  decideManageRegular,
  decideSkip,
} from '@/domain/rules/series-regulars';
import { REGULARS_MAX } from '@/domain/series-regulars';
import { logger } from '@/lib/logger';
import { actorTransaction, parseDoc, parseDocs, readEvent, type UseCaseContext } from './context';
import { rosterUseCases } from './roster';

const regularsPath = (seriesId: string) => `series/${seriesId}/regulars`;
const regularPath = (seriesId: string, uid: string) => `${regularsPath(seriesId)}/${uid}`;

/**
 * Regulars of a series (レギュラー, docs/series.md "Regulars"), written once for both backends.
 * A client writes only its own regular document (the organizer: a regular's acceptance or
 * removal); the server puts regulars on the dates (api.seriesDates, then every new date:
 * mail/handlers/series-dates.ts placeRegulars). Each method's statements follow the convention
 * in src/data/ports/backend.ts.
 */
export function seriesRegularsUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;
  const roster = rosterUseCases(ctx, api);

  /** The server places the series' accepted regulars on its dates; a failure waits for the next. */
  const place = (seriesId: string) =>
    api.seriesDates({ seriesId }).catch((e: unknown) => {
      logger.warn('seriesRegulars: placement left to the next call', e);
    });

  const readSeries = async (tx: Transaction, id: string) =>
    id ? parseDoc(seriesSchema, await tx.get(`series/${id}`)) : null;
  const readRegular = async (tx: Transaction, seriesId: string, uid: string) =>
    seriesId && uid
      ? parseDoc(seriesRegularSchema, await tx.get(regularPath(seriesId, uid)))
      : null;

  return {
    /**
     * The series' regulars, first joined first, at most REGULARS_MAX. Missing: [] for a missing
     * series; unreadable entries are left out. Fails: throws. Caller: anyone.
     */
    async list(seriesId: string): Promise<SeriesRegular[]> {
      if (!seriesId) return [];
      const docs = await storage.query({
        collection: regularsPath(seriesId),
        orderBy: [{ field: 'joinedAt' }, { field: DOC_ID }],
        limit: REGULARS_MAX,
      });
      return parseDocs(seriesRegularSchema, docs, 'seriesRegulars.list');
    },

    /**
     * The caller's own regular document of the series (one read), or null: signed out, or not
     * one of its regulars. Fails: throws. Caller: anyone.
     */
    async mine(seriesId: string): Promise<SeriesRegular | null> {
      const who = await ctx.session();
      if (!who || !seriesId) return null;
      return parseDoc(seriesRegularSchema, await storage.get(regularPath(seriesId, who.uid)));
    },

    /**
     * Makes the caller a regular (decideBecomeRegular): accepted at once on 先着順, pending on
     * 承認制 until the organizer accepts; an accepted one is then put on the dates already made
     * (api.seriesDates; should that fail, the next call or the next new date does). Refusals:
     * authJoinEvents, emailNotVerified, accountSuspended, seriesNotFound, alreadyRegular
     * (alreadyDone), seriesEnded, organizerNotRegular, regularsFull. Fails: throws. Caller: a
     * verified, active user.
     */
    async join(seriesId: string): Promise<void> {
      const count = seriesId ? await storage.count({ collection: regularsPath(seriesId) }) : 0;
      const status = await actorTransaction(ctx, async (tx, actor) => {
        const series = actor ? await readSeries(tx, seriesId) : null;
        const mine = series && actor ? await readRegular(tx, seriesId, actor.uid) : null;
        const decided = decideBecomeRegular(actor, series, mine, count);
        tx.set(regularPath(seriesId, decided.userId), {
          userId: decided.userId,
          userName: requesterNameOf(actor?.profile ?? null),
          status: decided.status,
          skips: [],
          joinedAt: fieldOp.serverTime(),
        });
        return decided.status;
      });
      if (status === 'accepted') await place(seriesId);
    },

    /**
     * The caller stops being a regular: no later date takes them. They stay on the dates they
     * are on (each date's page lets them leave it). Refusals: authLeaveEvents, accountSuspended,
     * notRegular. Fails: throws. Caller: a regular.
     */
    async leave(seriesId: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const mine = actor ? await readRegular(tx, seriesId, actor.uid) : null;
        tx.delete(regularPath(seriesId, decideLeaveSeries(actor, mine)));
      });
    },

    /**
     * The organizer accepts a pending regular of a 承認制 series, who is then put on the dates
     * already made (as join). Refusals: loginRequired, accountSuspended, seriesNotFound,
     * noSeriesPermission, notRegular, seriesEnded, regularAlreadyAccepted (alreadyDone). Fails:
     * throws. Caller: the series' organizer.
     */
    async accept(seriesId: string, uid: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const series = actor ? await readSeries(tx, seriesId) : null;
        decideManageRegular(actor, series, await readRegular(tx, seriesId, uid), 'accept');
        tx.update(regularPath(seriesId, uid), { status: 'accepted' });
      });
      await place(seriesId);
    },

    /**
     * The organizer removes a regular: no later date takes them; the dates they are on keep them
     * (the organizer removes them from a date there). Refusals: loginRequired, accountSuspended,
     * seriesNotFound, noSeriesPermission, notRegular. Fails: throws. Caller: the series' organizer.
     */
    async remove(seriesId: string, uid: string): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const series = actor ? await readSeries(tx, seriesId) : null;
        decideManageRegular(actor, series, await readRegular(tx, seriesId, uid), 'remove');
        tx.delete(regularPath(seriesId, uid));
      });
    },

    /**
     * 「今回はお休み」 (decideSkip): the day is recorded on the caller's regular document first, so
     * no placement puts them back, then they leave the date (roster.leave: the first in line
     * moves up and is told) or its キャンセル待ち. Refusals: authLeaveEvents, accountSuspended,
     * notRegular, eventNotFound, notSeriesDate, leaveAfterEnd, alreadySkipped (alreadyDone), and
     * those of roster.leave. Fails: throws. Caller: a regular.
     */
    async skip(seriesId: string, eventId: string): Promise<void> {
      const leave = await actorTransaction(ctx, async (tx, actor) => {
        const mine = actor ? await readRegular(tx, seriesId, actor.uid) : null;
        const date = actor && eventId ? await readEvent(tx, eventId) : null;
        const decided = decideSkip(actor, mine, date, seriesId, ctx.now());
        tx.update(regularPath(seriesId, actor!.uid), { skips: decided.skips });
        return decided.leave;
      });
      if (leave === 'participants') await roster.leave(eventId);
      else if (leave === 'waitlist') await roster.leaveWaitlist(eventId);
    },
  };
}
