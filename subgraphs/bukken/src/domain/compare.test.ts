import { compareFlags } from './compare.js';

const row = (monthlyTotal: number, initialCostTotal: number, area: number, builtDate: string, walkMin: number | undefined) => ({
  monthlyTotal,
  initialCostTotal,
  area,
  builtDate,
  walkMin,
});

describe('compareFlags', () => {
  it('marks the best row of every column, all rows on a tie', () => {
    const flags = compareFlags([
      row(80_000, 300_000, 25.5, '2020-04-01', 5),
      row(75_000, 320_000, 30, '2020-04-01', 5),
      row(75_000, 290_000, 30, '2011-01-01', 12),
    ]);
    expect(flags).toEqual([
      { cheapestMonthly: false, cheapestInitial: false, largest: false, newest: true, nearest: true },
      { cheapestMonthly: true, cheapestInitial: false, largest: true, newest: true, nearest: true },
      { cheapestMonthly: true, cheapestInitial: true, largest: true, newest: false, nearest: false },
    ]);
  });

  it('never calls a listing without traffic the nearest', () => {
    expect(compareFlags([row(1, 1, 1, '2000-01-01', undefined)])[0]?.nearest).toBe(false);
  });
});
