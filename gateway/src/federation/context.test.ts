import { forwardedCookies } from './context.js';

describe('forwardedCookies', () => {
  test('takes out _uid and passes every other cookie as the visitor sent it', () => {
    expect(forwardedCookies('_uid=abc.def; leave_popup_for_ga_session=line; b="q%20x"; c=%E3%81%82')).toBe(
      'leave_popup_for_ga_session=line; b="q%20x"; c=%E3%81%82',
    );
    expect(forwardedCookies('a=1;_uid=x')).toBe('a=1');
  });
  test('nothing left, nothing sent', () => {
    expect(forwardedCookies(undefined)).toBeUndefined();
    expect(forwardedCookies('')).toBeUndefined();
    expect(forwardedCookies('_uid=x')).toBeUndefined();
  });
  test('a repeated name keeps its first value (what subgraphs read)', () => {
    expect(forwardedCookies('a=1; a=2; b=3')).toBe('a=1; b=3');
  });
});
