// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeShape, missingIndexes, needsComposite, readIndexFile } from './indexes';
import { QUERY_SHAPES } from './query-shapes';

/**
 * The composite indexes, on every unit run (docs/testing.md "Indexes"): each query shape the
 * Firebase backend makes that needs one (query-shapes.ts, kept complete by the Firebase contract
 * run) finds it in firestore.indexes.json.
 */
describe('firestore.indexes.json', () => {
  const file = readIndexFile();

  it('has the composite index of every query the Firebase backend makes', () => {
    expect(QUERY_SHAPES.length).toBeGreaterThan(0);
    expect(QUERY_SHAPES.every(needsComposite)).toBe(true);
    expect(missingIndexes(QUERY_SHAPES, file)).toEqual([]);
  });

  it('misses a query once its index is gone', () => {
    for (const shape of QUERY_SHAPES) {
      const without = {
        indexes: file.indexes.filter((i) => missingIndexes([shape], { indexes: [i] }).length > 0),
      };
      expect(missingIndexes([shape], without)).toEqual([describeShape(shape)]);
    }
  });

  it('needs no composite index for one field, or for equalities alone', () => {
    const field = (f: string) => ({ field: f, desc: false });
    expect(needsComposite({ collection: 'events', equal: [], order: [field('date')] })).toBe(false);
    expect(
      needsComposite({
        collection: 'participationRequests',
        equal: [
          { field: 'eventId', contains: false },
          { field: 'userId', contains: false },
        ],
        order: [],
      }),
    ).toBe(false);
    expect(
      needsComposite({
        collection: 'events',
        equal: [{ field: 'organizerId', contains: false }],
        order: [field('date')],
      }),
    ).toBe(true);
  });
});
