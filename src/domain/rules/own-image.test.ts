import { describe, expect, it } from 'vitest';
import { failureCode } from '@/domain/errors';
import { assertOwnImagePath } from './own-image';

const refused = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return failureCode(e);
  }
  return null;
};

describe('assertOwnImagePath', () => {
  it("takes none, the stored one, or one directly in the writer's own folder", () => {
    expect(refused(() => assertOwnImagePath('events', 'u1', undefined))).toBeNull();
    expect(refused(() => assertOwnImagePath('events', 'u1', ''))).toBeNull();
    expect(refused(() => assertOwnImagePath('events', 'u1', 'events/u1/1_a.png'))).toBeNull();
    expect(refused(() => assertOwnImagePath('teams', 'u1', 'old/x.png', 'old/x.png'))).toBeNull();
  });

  it("refuses another user's folder, another kind's, a subfolder and the folder itself", () => {
    for (const path of [
      'events/u2/1_a.png',
      'teams/u1/1_a.png',
      'events/u1/x/1_a.png',
      'events/u1/',
      'events/u10/a.png',
    ]) {
      expect(refused(() => assertOwnImagePath('events', 'u1', path))).toBe('permission-denied');
    }
  });
});
