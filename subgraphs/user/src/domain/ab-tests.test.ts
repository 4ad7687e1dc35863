import { Random } from '@sumika/domain';
import { AB_TESTS, abTestByName, isVariantOf, pickVariant, type AbTestDefinition } from './ab-tests.js';

describe('A/B test definitions', () => {
  it('have unique names, at least two variants each, positive weights', () => {
    expect(new Set(AB_TESTS.map((t) => t.name)).size).toBe(AB_TESTS.length);
    for (const t of AB_TESTS) {
      expect(t.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(t.variants.length).toBeGreaterThanOrEqual(2);
      expect(new Set(t.variants.map((v) => v.value)).size).toBe(t.variants.length);
      for (const v of t.variants) expect(v.weight).toBeGreaterThan(0);
    }
    expect(abTestByName('leave_popup')?.variants.map((v) => v.value)).toEqual(['app', 'line']);
    expect(abTestByName('nope')).toBeUndefined();
  });

  it('draws variants in proportion to their weights (100k seeded draws, within 1 point)', () => {
    const test: AbTestDefinition = {
      name: 't',
      description: '',
      variants: [
        { value: 'a', weight: 70 },
        { value: 'b', weight: 20 },
        { value: 'c', weight: 10 },
      ],
    };
    const seeded = new Random(20261101);
    const random = () => seeded.next();
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    const n = 100_000;
    for (let i = 0; i < n; i++) counts[pickVariant(test, random)]! += 1;
    expect(Math.abs(counts.a! / n - 0.7)).toBeLessThan(0.01);
    expect(Math.abs(counts.b! / n - 0.2)).toBeLessThan(0.01);
    expect(Math.abs(counts.c! / n - 0.1)).toBeLessThan(0.01);
  });

  it('maps the edges of [0, 1) to the first and last variant and never picks a zero weight', () => {
    const test: AbTestDefinition = {
      name: 't',
      description: '',
      variants: [
        { value: 'a', weight: 1 },
        { value: 'z', weight: 0 },
        { value: 'b', weight: 1 },
      ],
    };
    expect(pickVariant(test, () => 0)).toBe('a');
    expect(pickVariant(test, () => 0.4999)).toBe('a');
    expect(pickVariant(test, () => 0.5)).toBe('b');
    expect(pickVariant(test, () => 0.999999)).toBe('b');
    expect(isVariantOf(test, 'z')).toBe(true);
    expect(isVariantOf(test, 'y')).toBe(false);
    expect(isVariantOf(test, null)).toBe(false);
  });
});
