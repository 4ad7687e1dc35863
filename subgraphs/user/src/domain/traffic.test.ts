import { trafficSourceOf } from './traffic.js';

describe('trafficSourceOf', () => {
  it('classifies ref codes as SPEC §7.3 spells them', () => {
    expect(trafficSourceOf(undefined)).toBe('organic');
    expect(trafficSourceOf('')).toBe('organic');
    expect(trafficSourceOf('criteo')).toBe('criteo');
    expect(trafficSourceOf('lis_ad_google')).toBe('lis_ad');
    expect(trafficSourceOf('lis_ov_yahoo')).toBe('lis_ov');
    expect(trafficSourceOf('mail_20261101')).toBe('mail');
    expect(trafficSourceOf('line_official')).toBe('line');
    expect(trafficSourceOf('banner')).toBe('other');
  });
});
