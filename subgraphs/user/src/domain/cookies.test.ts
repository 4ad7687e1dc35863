import { parseCookies, serializeCookie } from './cookies.js';

describe('cookies', () => {
  it('parses a forwarded Cookie header, first name wins, values decoded', () => {
    const c = parseCookies('a=1; leave_popup_for_ga_session=line; b="q%20x"; a=2; broken; =x; c=%E3%81%82');
    expect(Object.fromEntries(c)).toEqual({ a: '1', leave_popup_for_ga_session: 'line', b: 'q x', c: 'あ' });
    expect(parseCookies(undefined).size).toBe(0);
    expect(parseCookies('x=%E0%A4%A').get('x')).toBe('%E0%A4%A');
  });

  it('serialises with Max-Age, Path=/ and SameSite=Lax', () => {
    expect(serializeCookie('leave_popup_for_ga_session', 'app', 1800)).toBe('leave_popup_for_ga_session=app; Max-Age=1800; Path=/; SameSite=Lax');
    expect(serializeCookie('x', 'a b;c', 10)).toBe('x=a%20b%3Bc; Max-Age=10; Path=/; SameSite=Lax');
    expect(() => serializeCookie('bad name', 'v', 1)).toThrow();
  });
});
