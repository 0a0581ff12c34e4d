// @vitest-environment node
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTokensOf } from '@/domain/event-search';
import { backfillSearchTokens } from '../../scripts/migrations/backfill-search-tokens';
import { NOT_RUN, firestoreHost } from '../rules/firestore-support';

/** The one-off script that gives stored events their search tokens, on the emulator. */
describe.skipIf(!firestoreHost)(`search tokens backfill${NOT_RUN}`, () => {
  let app: App;
  let db: Firestore;

  beforeAll(() => {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    app = initializeApp({ projectId: 'demo-backfill-search-tokens' }, 'backfill-test');
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));

  const texts = {
    title: '平日夜ﾌｯﾄｻﾙ',
    sportType: 'フットサル',
    location: '渋谷',
    organizerName: '山田 太郎',
    teamName: 'ＦＣ渋谷',
    description: 'どなたでも',
  };

  it('writes the tokens the domain computes where they differ, once', async () => {
    const events = db.collection('events');
    // Stored before tokens existed, with tokens of the older fold, already right, and an older
    // shape without most texts.
    await events.doc('none').set({ ...texts, updatedAt: 'kept' });
    await events.doc('stale').set({ ...texts, searchTokens: ['ﾌｯ', 'ﾌ'] });
    await events.doc('current').set({ ...texts, searchTokens: searchTokensOf(texts) });
    await events.doc('sparse').set({ title: 'ヨガ' });
    const extra = Array.from({ length: 520 }, (_, i) => `bulk${String(i).padStart(3, '0')}`);
    for (const chunk of [extra.slice(0, 500), extra.slice(500)]) {
      const batch = db.batch();
      for (const id of chunk) batch.set(events.doc(id), { title: `朝ラン${id}` });
      await batch.commit();
    }

    expect(await backfillSearchTokens(db, { dryRun: true })).toEqual({ read: 524, updated: 523 });
    expect((await events.doc('none').get()).get('searchTokens')).toBeUndefined();

    expect(await backfillSearchTokens(db)).toEqual({ read: 524, updated: 523 });
    const none = await events.doc('none').get();
    expect(none.get('searchTokens')).toEqual(searchTokensOf(texts));
    expect(none.get('searchTokens')).toEqual(expect.arrayContaining(['フッ', '山田', 'fc']));
    expect(none.get('updatedAt')).toBe('kept');
    expect((await events.doc('stale').get()).get('searchTokens')).toEqual(searchTokensOf(texts));
    expect((await events.doc('sparse').get()).get('searchTokens')).toEqual(['ヨ', 'ヨガ', 'ガ']);
    expect((await events.doc('bulk519').get()).get('searchTokens')).toContain('ラン');

    expect(await backfillSearchTokens(db)).toEqual({ read: 524, updated: 0 });
  }, 60_000);
});
