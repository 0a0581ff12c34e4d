// @vitest-environment node
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPendingCount } from '../../scripts/migrations/seed-pending-count';
import { NOT_RUN, firestoreHost } from '../rules/firestore-support';

/** The one-off script that gives the staff dashboard's pending count its start, on the emulator. */
describe.skipIf(!firestoreHost)(`pending count seed${NOT_RUN}`, () => {
  let app: App;
  let db: Firestore;

  beforeAll(() => {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    app = initializeApp({ projectId: 'demo-seed-pending-count' }, 'pending-count-seed-test');
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));

  it('counts the pending requests people asked, once, keeping the last request named', async () => {
    const requests = db.collection('participationRequests');
    const stats = db.doc('stats/participation');
    await requests.doc('e1_a').set({ userId: 'a', eventId: 'e1', status: 'pending' });
    await requests.doc('e1_b').set({ userId: 'b', eventId: 'e1', status: 'pending' });
    await requests.doc('e2_a').set({ userId: 'a', eventId: 'e2', status: 'approved' });
    await requests.doc('e2_c').set({ userId: 'c', eventId: 'e2', status: 'rejected' });
    // Moved up from the キャンセル待ち: outside the count (isCountedPending).
    await requests
      .doc('e3_d')
      .set({ userId: 'd', eventId: 'e3', status: 'pending', fromWaitlist: true });
    // A count that drifted below zero.
    await stats.set({ pending: -1, lastRequest: 'e2_a' });

    expect(await seedPendingCount(db, { dryRun: true })).toEqual({
      before: -1,
      pending: 2,
      written: false,
    });
    expect((await stats.get()).get('pending')).toBe(-1);

    expect(await seedPendingCount(db)).toEqual({ before: -1, pending: 2, written: true });
    expect((await stats.get()).data()).toEqual({ pending: 2, lastRequest: 'e2_a' });
    expect(await seedPendingCount(db)).toEqual({ before: 2, pending: 2, written: false });

    await stats.delete();
    await requests.doc('e1_b').update({ status: 'approved' });
    expect(await seedPendingCount(db)).toEqual({ before: null, pending: 1, written: true });
    expect((await stats.get()).data()).toEqual({ pending: 1, lastRequest: '' });
  }, 60_000);
});
