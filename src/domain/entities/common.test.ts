import * as z from 'zod/mini';
import { count, optionalTime, text, timeWithFallback } from '@/domain/entities/common';

describe('tolerant field schemas', () => {
  const schema = z.object({
    t: optionalTime,
    f: timeWithFallback(() => new Date(2000, 0, 1)),
    s: text('既定'),
    n: count,
  });

  it('accept a document where every field is absent', () => {
    expect(schema.parse({})).toEqual({ t: null, f: new Date(2000, 0, 1), s: '既定', n: 0 });
  });

  it('accept nulls the same way', () => {
    expect(schema.parse({ t: null, f: null, s: null, n: null })).toEqual({
      t: null,
      f: new Date(2000, 0, 1),
      s: '既定',
      n: 0,
    });
  });

  it('keep readable values', () => {
    const d = new Date(2024, 0, 1);
    expect(schema.parse({ t: d, f: d.getTime(), s: 'x', n: '12.5' })).toEqual({
      t: d,
      f: d,
      s: 'x',
      n: 12.5,
    });
  });

  it('count reads non-numeric values as 0', () => {
    expect(count.parse('abc')).toBe(0);
    expect(count.parse(Number.NaN)).toBe(0);
    expect(count.parse(Number.POSITIVE_INFINITY)).toBe(0);
    expect(count.parse({})).toBe(0);
  });
});

describe('entity schemas, and the account forms', () => {
  // Every page's start evaluates these modules (the shared chunk).
  const modules = import.meta.glob<Record<string, unknown>>(
    ['./*.ts', '!./*.test.ts', '../auth-forms.ts'],
    { eager: true },
  );

  it('are built on their first parse, not when their module loads', () => {
    const schemas = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([name]) => name.endsWith('Schema'))
        .map(([name, value]) => [`${file} ${name}`, (value as z.ZodMiniType)._zod.def.type]),
    );
    expect(schemas.length).toBeGreaterThanOrEqual(23);
    expect(schemas.filter(([, type]) => type !== 'lazy')).toEqual([]);
  });
});
