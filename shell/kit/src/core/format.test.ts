import { formatDate, formatManYen, formatNumber, formatYen } from './format.js';
import { cashbackAmount } from './constants.js';

describe('formatNumber / formatYen', () => {
  it('uses thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-9876543)).toBe('-9,876,543');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(null)).toBe('');
  });
  it('formats yen and 万円', () => {
    expect(formatYen(85000)).toBe('85,000円');
    expect(formatManYen(85000)).toBe('8.5万円');
    expect(formatManYen(120000)).toBe('12万円');
    expect(formatManYen(9800)).toBe('9,800円');
    expect(formatManYen(1234000)).toBe('123.4万円');
  });
});

describe('formatDate in Japan time', () => {
  it('formats yyyy/MM/dd in Asia/Tokyo whatever the instant is in UTC', () => {
    // 2024-10-02 15:00 UTC is already 10/03 00:00 in Japan.
    expect(formatDate(new Date('2024-10-02T15:00:00Z'), 'yyyy/MM/dd')).toBe('2024/10/03');
    expect(formatDate(new Date('2024-10-02T14:59:59Z'), 'yyyy/MM/dd')).toBe('2024/10/02');
    expect(formatDate('2024-01-05T00:00:00+09:00')).toBe('2024/01/05');
    expect(formatDate(Date.UTC(2023, 11, 31, 15, 0, 0))).toBe('2024/01/01');
  });
  it('knows the other tokens and keeps literal text', () => {
    expect(formatDate('2024-03-04T05:06:07+09:00', 'yyyy年M月d日 HH:mm:ss')).toBe('2024年3月4日 05:06:07');
    expect(formatDate('2024-03-04T00:30:00+09:00', 'HH:mm')).toBe('00:30');
  });
  it('gives "" for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('cashbackAmount', () => {
  it('is 60,000 yen only in the campaign minute range, Japan time', () => {
    expect(cashbackAmount(new Date('2024-10-03T14:59:59+09:00'))).toBe(50000);
    expect(cashbackAmount(new Date('2024-10-03T15:00:00+09:00'))).toBe(60000);
    expect(cashbackAmount(new Date('2024-10-17T14:59:59+09:00'))).toBe(60000);
    expect(cashbackAmount(new Date('2024-10-17T15:00:00+09:00'))).toBe(50000);
  });
});
