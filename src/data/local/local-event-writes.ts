// Joining and leaving on the local database (LocalEvents loads this module on the first one):
// each asks the domain inside its transaction and applies the decision.
import { MY_REQUESTS_PER_EVENT_LIMIT } from '@/domain/constants';
import { decideJoin, decideLeave } from '@/domain/rules/events';
import { currentActor, type LocalContext } from './context';
import { readEvent } from './local-events';

export async function joinEvent(ctx: LocalContext, id: string): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.events, db.users, db.accounts, async () => {
    const { participants } = decideJoin(await currentActor(ctx), await readEvent(ctx, id));
    await db.events.update(id, { participants });
  });
}

export async function leaveEvent(ctx: LocalContext, id: string): Promise<void> {
  const { db } = ctx;
  const tables = [db.events, db.participationRequests, db.users, db.accounts];
  await db.transaction('rw', tables, async () => {
    const decision = decideLeave(await currentActor(ctx), await readEvent(ctx, id));
    await db.events.update(id, { participants: decision.participants });
    await db.participationRequests
      .where('[userId+eventId]')
      .equals([decision.deleteRequestsOf, id])
      .limit(MY_REQUESTS_PER_EVENT_LIMIT)
      .delete();
  });
}
