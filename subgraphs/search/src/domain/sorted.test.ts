import { Random } from '@sumika/domain';
import { firstIndex, WithinBounds, type Within } from './sorted.js';

describe('firstIndex', () => {
  it('finds the first value at or above (or strictly above) a value', () => {
    const values = [1, 3, 3, 7];
    expect([0, 1, 2, 3, 4, 7, 8].map((v) => firstIndex(values, v, false))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect([0, 1, 2, 3, 4, 7, 8].map((v) => firstIndex(values, v, true))).toEqual([0, 1, 1, 3, 3, 4, 4]);
  });
});

describe('WithinBounds', () => {
  it('counts the keys within each bound as a filter over every key would, in the bounds’ order', () => {
    const generator = new Random(7);
    for (let t = 0; t < 200; t++) {
      const keys = Array.from({ length: generator.int(0, 30) }, () => ({
        key: generator.int(0, 20) + (generator.next() < 0.2 ? 0.5 : 0),
        count: generator.int(1, 9),
      }));
      const within: Within = {
        op: generator.next() < 0.5 ? '<=' : '>=',
        bounds: Array.from({ length: generator.int(1, 8) }, () => generator.int(-1, 22)),
      };
      const sums = new WithinBounds(within);
      for (const { key, count } of keys) sums.add(key, count);
      const want = within.bounds.map((b) => ({
        key: b,
        count: keys.filter((k) => (within.op === '<=' ? k.key <= b : k.key >= b)).reduce((n, k) => n + k.count, 0),
      }));
      expect({ keys, within, counts: sums.counts() }).toEqual({ keys, within, counts: want });
    }
  });
});
