import { appPlatformOf, appStoreLink, loginLink, trafficSourceOf } from './links.js';

describe('trafficSourceOf (SPEC §7.3)', () => {
  it.each([
    [undefined, 'organic'],
    [null, 'organic'],
    ['', 'organic'],
    ['criteo', 'criteo'],
    ['lis_ad_google_tokyo', 'lis_ad'],
    ['lis_ov_yahoo', 'lis_ov'],
    ['mail_20241003', 'mail'],
    ['line', 'line'],
    ['line_official', 'line'],
    ['affiliate_x', 'other'],
    ['lis_ad', 'other'],
  ])('%s → %s', (refCode, source) => {
    expect(trafficSourceOf(refCode)).toBe(source);
  });
});

describe('appStoreLink', () => {
  it('puts pid with the source suffix on the store URL', () => {
    const ios = new URL(appStoreLink({ platform: 'ios', pid: 'leave_popup' }));
    expect(ios.hostname).toBe('apps.apple.com');
    expect(ios.searchParams.get('pid')).toBe('leave_popup_organic');
    const android = new URL(appStoreLink({ platform: 'android', pid: 'sp_banner', refCode: 'lis_ad_google' }));
    expect(android.hostname).toBe('play.google.com');
    expect(android.searchParams.get('id')).toBe('jp.sumika.app');
    expect(android.searchParams.get('pid')).toBe('sp_banner_lis_ad');
  });
  it.each([
    ['criteo', 'x_criteo'],
    ['lis_ov_1', 'x_lis_ov'],
    ['mail_1', 'x_mail'],
    ['line_1', 'x_line'],
    ['zzz', 'x_other'],
  ])('ref_code %s → pid %s', (refCode, pid) => {
    expect(new URL(appStoreLink({ platform: 'ios', pid: 'x', refCode })).searchParams.get('pid')).toBe(pid);
  });
  it('chooses the store from the client context', () => {
    expect(appPlatformOf({ isIphone: true, isIosApp: false })).toBe('ios');
    expect(appPlatformOf({ isIphone: false, isIosApp: true })).toBe('ios');
    expect(appPlatformOf({ isIphone: false, isIosApp: false })).toBe('android');
  });
});

describe('loginLink', () => {
  it('carries register_from made from the page kind, with _popup in a popup', () => {
    expect(loginLink({ pageKind: 'favorite' })).toBe('/auth/line?register_from=favorite');
    expect(loginLink({ pageKind: 'detail', popup: true })).toBe('/auth/line?register_from=detail_popup');
  });
});
