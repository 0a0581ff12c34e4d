import { describe, expect, it } from 'vitest';
import { oneDatePerSeries } from './series-list';

describe('oneDatePerSeries', () => {
  it('keeps one-off events and the first date of each series, in order', () => {
    const list = [
      { id: 'a-1', seriesId: 'a' },
      { id: 'x', seriesId: '' },
      { id: 'a-2', seriesId: 'a' },
      { id: 'b-1', seriesId: 'b' },
      { id: 'y', seriesId: '' },
      { id: 'b-2', seriesId: 'b' },
    ];
    expect(oneDatePerSeries(list).map((e) => e.id)).toEqual(['a-1', 'x', 'b-1', 'y']);
  });
});
