import { cookieHeader } from './site.js';

describe('cookieHeader', () => {
  it('sends back every cookie set, the last of a name, none deleted', () => {
    expect(
      cookieHeader([
        'leave_popup_for_ga_session=app; Max-Age=1800; Path=/; SameSite=Lax',
        'result_card_for_ga_session=default; Max-Age=1800; Path=/; SameSite=Lax',
        '_uid=945c5b36.2+klv2ro/8Rp8=; Max-Age=63072000; Path=/; HttpOnly; SameSite=Lax',
        'leave_popup_for_ga_session=dialog; Max-Age=1800; Path=/',
        'favorite_dialog=; Max-Age=0; Path=/',
      ]),
    ).toBe('leave_popup_for_ga_session=dialog; result_card_for_ga_session=default; _uid=945c5b36.2+klv2ro/8Rp8=');
    expect(cookieHeader(['a=1', 'a=; max-age=0'])).toBe('');
    expect(cookieHeader([])).toBe('');
  });
});
