import type { ApiPort } from '@/data/ports/api';
import type { EventInput } from '@/data/ports/events';
import type { SeriesInput } from '@/data/ports/series';
import { DomainError } from '@/domain/errors';
import { decideEventUpdate } from '@/domain/rules/events';
import { SERIES_SHARED_FIELDS } from '@/domain/series-changes';
import { logger } from '@/lib/logger';
import { fieldOp } from '@/data/storage/storage';
import { sportEventSchema, type SportEvent } from '@/domain/entities/event';
import { EVENT_READ_FIELDS } from '@/domain/entities/event-read-fields';
import { seriesSchema, type Series } from '@/domain/entities/series-doc';
import { searchTokensOf } from '@/domain/event-search';
import { organizerCopy } from '@/domain/rules/events';
import { decideSeriesCreate } from '@/domain/rules/series';
import type { MinHeadcount } from '@/domain/headcount';
import { actorTransaction, parseDoc, parseDocs, readEvent, type UseCaseContext } from './context';
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
 * What 「この日以降すべて」 carries: an edit's shared fields, or the minimum headcount the
 * organizer set on the date (null: removed).
 */
export type FollowingPatch = Partial<EventInput> & { minHeadcount?: MinHeadcount | null };

/** The fields of a change that 「この日以降すべて」 carries to the later dates, or null for none. */
function pickShared(patch: FollowingPatch): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const key of SERIES_SHARED_FIELDS) if (patch[key] !== undefined) out[key] = patch[key];
  if (patch.minHeadcount !== undefined) out.minHeadcount = patch.minHeadcount;
  return Object.keys(out).length > 0 ? out : null;
}

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
     * start in the past, a minimum headcount refused). Caller: a verified, active user. Returns the new series' id.
     */
    async create(input: SeriesInput): Promise<string> {
      const id = storage.newId();
      await actorTransaction(ctx, async (tx, actor) => {
        const { fields, organizerId, rule, minHeadcount } = decideSeriesCreate(
          actor,
          {
            event: { ...input.event, teamId: '', teamName: '' },
            rule: input.rule,
            minHeadcount: input.minHeadcount,
          },
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
          ...(minHeadcount ? { minHeadcount } : {}),
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

    /**
     * 「この日以降すべて」 from the series date `eventId`, after the organizer saved that date
     * itself (organizing.update, or organizing.setMinHeadcount): the shared fields of `patch`
     * (SERIES_SHARED_FIELDS) and its minimum headcount go to the later dates, less each one's
     * own edits (each date its own decision time), and to the series' template, on the server
     * (api.seriesChange), which tells each changed date's participants. Refusals: those of an
     * edit of the date (decideEventUpdate: signed out, missing, not the organizer, a start in
     * the past), seriesEnded (an ended series). Fails: throws. Caller: the series' organizer.
     */
    async changeFollowing(eventId: string, patch: FollowingPatch): Promise<void> {
      const shared = await actorTransaction(ctx, async (tx, actor) => {
        const event = actor && eventId ? await readEvent(tx, eventId) : null;
        const { minHeadcount: _minimum, ...edit } = patch;
        decideEventUpdate(actor, event, edit, ctx.now());
        const series = parseDoc(seriesSchema, await tx.get(seriesPath(event!.seriesId)));
        if (!series || series.status !== 'active') throw new DomainError('seriesEnded');
        return pickShared(patch);
      });
      if (!shared) return;
      await api.seriesChange({ action: 'following', eventId, patch: shared });
    },

    /**
     * 「シリーズを終了」: the series ends (no more dates are made) and its dates still to come are
     * cancelled, each participant and pending requester told, on the server (api.seriesChange).
     * Refusals: updateEventLogin (signed out), seriesNotFound, noEditPermission (not its
     * organizer), seriesEnded. Fails: throws. Caller: the series' organizer.
     */
    async end(seriesId: string): Promise<void> {
      const who = await ctx.session();
      if (!who) throw new DomainError('updateEventLogin');
      const series = seriesId
        ? parseDoc(seriesSchema, await storage.get(seriesPath(seriesId)))
        : null;
      if (!series) throw new DomainError('seriesNotFound');
      if (series.organizerId !== who.uid) throw new DomainError('noEditPermission');
      if (series.status !== 'active') throw new DomainError('seriesEnded');
      await api.seriesChange({ action: 'end', seriesId });
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
