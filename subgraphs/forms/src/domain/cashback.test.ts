import { cashbackCampaignAt } from './cashback.js';

const at = (iso: string) => cashbackCampaignAt(new Date(iso));

describe('cashback campaign (SPEC §9)', () => {
  it('is the default 最大50,000円 up to the last millisecond before 2024-10-03 15:00 JST', () => {
    expect(at('2024-10-03T14:59:59.999+09:00')).toEqual({
      amountText: '最大50,000円',
      maxAmount: 50_000,
      defaultAmountText: '最大50,000円',
      limited: false,
      period: null,
    });
  });

  it('is the limited 最大60,000円 from 2024-10-03 15:00 JST, with its period', () => {
    expect(at('2024-10-03T15:00:00+09:00')).toEqual({
      amountText: '最大60,000円',
      maxAmount: 60_000,
      defaultAmountText: '最大50,000円',
      limited: true,
      period: { startsAt: '2024-10-03T15:00:00+09:00', endsBefore: '2024-10-17T15:00:00+09:00', text: '2024年10月3日（木）15:00〜2024年10月17日（木）14:59' },
    });
    // The same instant written in UTC.
    expect(at('2024-10-03T06:00:00Z').maxAmount).toBe(60_000);
  });

  it('includes the whole last minute 2024-10-17 14:59 JST, and is back to the default at 15:00', () => {
    expect(at('2024-10-17T14:59:00+09:00').maxAmount).toBe(60_000);
    expect(at('2024-10-17T14:59:59.999+09:00').maxAmount).toBe(60_000);
    expect(at('2024-10-17T15:00:00+09:00')).toMatchObject({ amountText: '最大50,000円', limited: false, period: null });
  });

  it('is the default long after the campaign', () => {
    expect(at('2026-01-01T00:00:00+09:00').amountText).toBe('最大50,000円');
  });
});
