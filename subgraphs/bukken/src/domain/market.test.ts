import { marketRentOf, median } from './market.js';

describe('market rent', () => {
  it('takes the median, averaging the middle pair', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it('uses the first scope with at least five samples', () => {
    const few = { median: 70_000, count: 4, quantiles: [60_000, 65_000, 75_000, 80_000] };
    const enough = { median: 80_000, count: 5, quantiles: [70_000.4, 74_999.5, 85_000, 90_000] };
    expect(
      marketRentOf(76_000, [
        ['STATION', few],
        ['CITY', enough],
      ]),
    ).toEqual({
      scope: 'CITY',
      median: 80_000,
      sampleSize: 5,
      difference: -4_000,
      differenceRate: -0.05,
      lowerDecile: 70_000,
      lowerQuartile: 75_000,
      upperQuartile: 85_000,
      upperDecile: 90_000,
    });
    expect(
      marketRentOf(76_000, [
        ['STATION', enough],
        ['CITY', few],
      ])?.scope,
    ).toBe('STATION');
    expect(
      marketRentOf(76_000, [
        ['STATION', few],
        ['CITY', undefined],
      ]),
    ).toBeNull();
  });

  it('rounds the median to yen and the rate to three decimals', () => {
    const r = marketRentOf(100_000, [['STATION', { median: 90_000.5, count: 6, quantiles: [80_000, 85_000, 95_000, 99_000] }]]);
    expect(r?.median).toBe(90_001);
    expect(r?.difference).toBe(9_999);
    expect(r?.differenceRate).toBe(0.111);
  });
});
