import type { ApiPort } from '@/data/ports/api';
import type { SeriesInput } from '@/data/ports/series';
import { logger } from '@/lib/logger';
import { fieldOp } from '@/data/storage/storage';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';
import { seriesSchema, type Series } from '@/domain/entities/series-doc';
import { searchTokensOf } from '@/domain/event-search';
import { organizerCopy } from '@/domain/rules/events';
import { decideSeriesCreate } from '@/domain/rules/series';
import { actorTransaction, parseDoc, parseDocs, type UseCaseContext } from './context';
import { LIST_ORDER, startOfDay } from './list-queries';

/** A series page's upcoming dates at most (the window holds 8 weeks: 56 days of one weekday each). */
export const SERIES_UPCOMING_LIMIT = 20;
/** A series page's past dates at most, newest first. */
export const SERIES_PAST_LIMIT = 10;

export interface SeriesDates {
  upcoming: SportEvent[];
  past: SportEvent[];
}

const seriesPath = (id: string) => `series/${id}`;

/**
 * Series (定期開催, docs/series.md), written once for both backends: creating one, reading it
 * and its dates. The dates themselves are created by the generator (mail/handlers/series-dates.ts)
 * on the server (the Cloud Function) or, locally, by the open app: a client writes only the
 * series. Each method's statements follow the convention in src/data/ports/backend.ts.
 */
export function seriesUseCases(ctx: UseCaseContext, api: ApiPort) {
  const { storage } = ctx;
  return {
    /**
     * Creates a series with its rule and the event every date copies, by the signed-in user as
     * organizer, then asks the server for its first dates (api.seriesDates: the generator for
     * this series; should that call fail, the next scheduled run makes them). Fails: the refusals of
     * decideSeriesCreate (signed out, unverified or suspended, an invalid field or rule, a first
     * start in the past). Caller: a verified, active user. Returns the new series' id.
     */
    async create(input: SeriesInput): Promise<string> {
      const id = storage.newId();
      await actorTransaction(ctx, async (tx, actor) => {
        const { fields, organizerId, rule } = decideSeriesCreate(
          actor,
          { event: { ...input.event, teamId: '', teamName: '' }, rule: input.rule },
          ctx.now(),
        );
        const organizer = organizerCopy(actor?.profile);
        const { date: _firstDay, teamId: _t, teamName: _n, ...template } = fields;
        tx.set(seriesPath(id), {
          ...template,
          entryMethod: fields.entryMethod ?? 'approval',
          ...organizer,
          searchTokens: searchTokensOf({ ...fields, ...organizer }),
          organizerId,
          ...rule,
          status: 'active',
          nextDate: '',
          createdAt: fieldOp.serverTime(),
          updatedAt: fieldOp.serverTime(),
        });
      });
      await api.seriesDates({ seriesId: id }).catch((e: unknown) => {
        logger.warn('series.create: first dates left to the schedule', e);
      });
      return id;
    },

    /** The series, or null when it does not exist. Fails: throws. Caller: anyone. */
    async get(id: string): Promise<Series | null> {
      return id ? parseDoc(seriesSchema, await storage.get(seriesPath(id))) : null;
    },

    /**
     * A series' dates: from today on (at most SERIES_UPCOMING_LIMIT, soonest first) and before
     * today (at most SERIES_PAST_LIMIT, latest first), two bounded queries. Missing: unreadable
     * dates are left out. Fails: throws. Caller: anyone.
     */
    async dates(id: string): Promise<SeriesDates> {
      const today = startOfDay(ctx.now());
      const read = (op: '>=' | '<', direction: 'asc' | 'desc', limit: number) =>
        storage.query({
          collection: 'events',
          select: EVENT_READ_FIELDS,
          where: [
            { field: 'seriesId', op: '==', value: id },
            { field: 'date', op, value: today },
          ],
          orderBy: LIST_ORDER.map((o) => ({ ...o, direction })),
          limit,
        });
      const [upcoming, past] = await Promise.all([
        read('>=', 'asc', SERIES_UPCOMING_LIMIT),
        read('<', 'desc', SERIES_PAST_LIMIT),
      ]);
      return {
        upcoming: parseDocs(sportEventSchema, upcoming, 'series.dates'),
        past: parseDocs(sportEventSchema, past, 'series.dates'),
      };
    },
  };
}
