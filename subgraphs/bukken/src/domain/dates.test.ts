import { fullYearsBetween, tokyoToday, yearMonth } from './dates.js';

describe('dates', () => {
  it('takes today in Japan, not UTC', () => {
    expect(tokyoToday(new Date('2026-03-31T15:30:00Z'))).toBe('2026-04-01');
    expect(tokyoToday(new Date('2026-03-31T14:59:59Z'))).toBe('2026-03-31');
  });

  it('counts full years only from the anniversary on', () => {
    expect(fullYearsBetween('2015-04-01', '2026-03-31')).toBe(10);
    expect(fullYearsBetween('2015-04-01', '2026-04-01')).toBe(11);
    expect(fullYearsBetween('2026-10-01', '2026-11-01')).toBe(0);
    expect(fullYearsBetween('2027-01-01', '2026-11-01')).toBe(0);
  });

  it('formats yyyy-MM', () => {
    expect(yearMonth('1998-07-01')).toBe('1998-07');
  });
});
