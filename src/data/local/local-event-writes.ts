// The local events repository's writes (LocalEvents loads this module on the first one): each
// asks the domain inside its transaction and applies the decision.
import type { ApiPort } from '@/data/ports/api';
import type { EventInput } from '@/data/ports/events';
import { promoteOnCapacityChange, promotionMail } from '@/data/use-cases/roster';
import { ORGANIZER_SYNC_BATCH } from '@/domain/constants';
import type { EventStatus, SportEvent } from '@/domain/entities/event';
import { teamSchema } from '@/domain/entities/team';
import {
  decideCreate,
  decideEventUpdate,
  decideStatusChange,
  organizerCopy,
} from '@/domain/rules/events';
import { decideEventTeam } from '@/domain/rules/teams';
import { currentActor, currentUid, type LocalContext } from './context';
import { dayFromYmd } from './day';
import type { EventRow } from './db';
import { newId } from './ids';
import { readEvent } from './local-events';
import { definedOnly, parseRow } from './rows';
import { dexieStorage } from './storage';

export async function createEvent(ctx: LocalContext, input: EventInput): Promise<string> {
  const { db } = ctx;
  const id = newId();
  await db.transaction('rw', [db.events, db.teams, db.users, db.accounts], async () => {
    const actor = await currentActor(ctx);
    const { fields, ...decision } = decideCreate(actor, input, ctx.now());
    const team = await teamOf(ctx, decision.organizerId, fields);
    const now = ctx.now();
    await db.events.add({
      id,
      ...eventFields(fields),
      ...team,
      date: dayFromYmd(fields.date),
      startTime: fields.startTime,
      organizerId: decision.organizerId,
      ...organizerCopy(actor?.profile),
      participants: decision.participants,
      status: decision.status,
      createdAt: now,
      updatedAt: now,
    } satisfies EventRow);
  });
  return id;
}

/** The team fields to store, when the input names a team (decideEventTeam). */
async function teamOf(
  ctx: LocalContext,
  uid: string,
  input: Partial<EventInput>,
  current?: SportEvent,
): Promise<{ teamId?: string; teamName?: string }> {
  if (input.teamId === undefined) return {};
  const row = input.teamId ? await ctx.db.teams.get(input.teamId) : undefined;
  return decideEventTeam({
    uid,
    teamId: input.teamId,
    teamName: input.teamName ?? '',
    team: row ? parseRow(teamSchema, row) : null,
    current,
  });
}

export async function updateEvent(
  ctx: LocalContext,
  id: string,
  patch: Partial<EventInput>,
  api: ApiPort,
): Promise<void> {
  const { db } = ctx;
  let promoted: string[] = [];
  // Every table: a capacity raise also writes the promotions (requests, notifications).
  await db.transaction('rw', db.tables, async () => {
    const event = await readEvent(ctx, id);
    const fields = decideEventUpdate(await currentActor(ctx), event, patch, ctx.now());
    const team = await teamOf(ctx, event!.organizerId, fields, event!);
    const changes = definedOnly({
      ...eventFields(fields),
      ...team,
      startTime: fields.startTime,
      date: fields.date !== undefined ? dayFromYmd(fields.date) : undefined,
      updatedAt: ctx.now(),
    });
    await db.events.update(id, changes);
    // Seats a capacity raise adds go to the キャンセル待ち, in this same transaction.
    const capacity = fields.capacity;
    if (capacity !== undefined) {
      await dexieStorage(db, ctx.now).batch((w) => {
        promoted = promoteOnCapacityChange(w, event!, capacity, ctx.now());
      });
    }
  });
  promotionMail(api, id, promoted);
}

export async function changeEventStatus(
  ctx: LocalContext,
  id: string,
  status: EventStatus,
): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.events, db.users, db.accounts, async () => {
    const next = decideStatusChange(await currentActor(ctx), await readEvent(ctx, id), status);
    if (next) await db.events.update(id, { status: next, updatedAt: ctx.now() });
  });
}

export async function syncOrganizerProfile(ctx: LocalContext): Promise<number> {
  const { db } = ctx;
  const uid = currentUid(ctx);
  if (!uid) return 0;
  const { organizerName, organizerPhotoURL } = organizerCopy(await db.users.get(uid));
  let changed = 0;
  let lastId = '';
  for (;;) {
    const done = await db.transaction('rw', db.events, async () => {
      // The organizerId index keeps one organizer's rows in id order, so lastId resumes.
      const rows = await db.events
        .where('organizerId')
        .equals(uid)
        .filter((r) => r.id > lastId)
        .limit(ORGANIZER_SYNC_BATCH)
        .toArray();
      for (const row of rows) {
        if (row.organizerName === organizerName && row.organizerPhotoURL === organizerPhotoURL) {
          continue;
        }
        await db.events.update(row.id, { organizerName, organizerPhotoURL });
        changed += 1;
      }
      lastId = rows.at(-1)?.id ?? lastId;
      return rows.length < ORGANIZER_SYNC_BATCH;
    });
    if (done) return changed;
  }
}

/**
 * The stored fields of an EventInput other than date, startTime and the team, which need their
 * own handling.
 */
function eventFields(input: Partial<EventInput>) {
  return {
    title: input.title,
    description: input.description,
    sportType: input.sportType,
    location: input.location,
    region: input.region,
    level: input.level,
    endTime: input.endTime,
    fee: input.fee,
    capacity: input.capacity,
    entryMethod: input.entryMethod,
    imageURL: input.imageURL,
    imagePath: input.imagePath,
  };
}
