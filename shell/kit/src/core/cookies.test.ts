import {
  AB_TEST_COOKIE_MAX_AGE,
  DEBUG_COOKIE,
  FAVORITE_DIALOG_RESTRICTION_COOKIE,
  FAVORITE_DIALOG_RESTRICTION_MAX_AGE,
  RECOMMEND_TYPE_COOKIE,
  abTestCookieName,
  cookieIsSecure,
  deleteCookie,
  isDebugOn,
  isFavoriteDialogRestricted,
  parseCookieHeader,
  readAbTestCookies,
  readCookie,
  serializeCookie,
  writeAbTestCookie,
  writeCookie,
  writeFavoriteDialogRestriction,
} from './cookies.js';

afterEach(() => {
  for (const name of document.cookie
    .split(';')
    .map((c) => c.split('=')[0]?.trim())
    .filter(Boolean)) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

describe('cookie names and lifetimes (SPEC §3, §9)', () => {
  it('names the client keys', () => {
    expect(FAVORITE_DIALOG_RESTRICTION_COOKIE).toBe('favorite_dialog_restriction');
    expect(FAVORITE_DIALOG_RESTRICTION_MAX_AGE).toBe(7776000);
    expect(abTestCookieName('leave_popup')).toBe('leave_popup_for_ga_session');
    expect(AB_TEST_COOKIE_MAX_AGE).toBe(1800);
    expect(DEBUG_COOKIE).toBe('debug');
    expect(RECOMMEND_TYPE_COOKIE).toBe('recommend_type');
  });
  it('writes the restriction cookie for 90 days and the A/B cookie for 30 minutes', () => {
    expect(writeFavoriteDialogRestriction('production')).toBe('favorite_dialog_restriction=1; Max-Age=7776000; Path=/; SameSite=Lax; Secure');
    expect(writeAbTestCookie('leave_popup', 'line', 'staging')).toBe('leave_popup_for_ga_session=line; Max-Age=1800; Path=/; SameSite=Lax; Secure');
  });
});

describe('cookie rules', () => {
  it('is Path=/, SameSite=Lax, Secure outside localhost', () => {
    for (const env of ['develop', 'staging', 'test', 'production'] as const) {
      expect(serializeCookie('a', 'b', { maxAge: 10, env })).toBe('a=b; Max-Age=10; Path=/; SameSite=Lax; Secure');
    }
    expect(serializeCookie('a', 'b', { maxAge: 10, env: 'localhost' })).toBe('a=b; Max-Age=10; Path=/; SameSite=Lax');
  });
  it('decides Secure from the host name when no environment is given', () => {
    expect(cookieIsSecure(undefined, 'localhost')).toBe(false);
    expect(cookieIsSecure(undefined, '127.0.0.1')).toBe(false);
    expect(cookieIsSecure(undefined, 'sumika.example')).toBe(true);
    // jsdom runs on http://localhost
    expect(serializeCookie('a', 'b')).toBe('a=b; Path=/; SameSite=Lax');
  });
  it('encodes values and refuses bad names', () => {
    expect(serializeCookie('q', '渋谷 駅', { env: 'localhost' })).toBe('q=%E6%B8%8B%E8%B0%B7%20%E9%A7%85; Path=/; SameSite=Lax');
    expect(() => serializeCookie('a b', 'x')).toThrow('invalid cookie name');
  });
});

describe('reading', () => {
  it('reads a Cookie header on the server', () => {
    const header = 'debug=1; leave_popup_for_ga_session=app; q=%E6%B8%8B%E8%B0%B7; favorite_dialog_restriction=1';
    expect(readCookie('q', header)).toBe('渋谷');
    expect(readCookie('missing', header)).toBeNull();
    expect(isDebugOn(header)).toBe(true);
    expect(isDebugOn('debug=0')).toBe(false);
    expect(isFavoriteDialogRestricted(header)).toBe(true);
    expect(readAbTestCookies(header)).toEqual({ leave_popup: 'app' });
  });
  it('parses quoted, encoded and duplicate cookies (first occurrence wins, as browsers send the most specific path first)', () => {
    const jar = parseCookieHeader('a="quoted value"; q=%E6%B8%8B%E8%B0%B7; bad=%E6%B8; a=second; =nameless; flag;  spaced  =  x  ');
    expect([...jar]).toEqual([
      ['a', 'quoted value'],
      ['q', '渋谷'],
      ['bad', '%E6%B8'],
      ['spaced', 'x'],
    ]);
    expect(readCookie('a', 'a="%E6%B8%8B%E8%B0%B7"')).toBe('渋谷');
    expect(parseCookieHeader('')).toEqual(new Map());
    expect(parseCookieHeader(null)).toEqual(new Map());
  });
  it('reads and writes document.cookie in the browser', () => {
    writeCookie(DEBUG_COOKIE, '1', { env: 'localhost' });
    writeAbTestCookie('favorite_feedback', 'toast', 'localhost');
    expect(readCookie(DEBUG_COOKIE)).toBe('1');
    expect(isDebugOn()).toBe(true);
    expect(readAbTestCookies()).toEqual({ favorite_feedback: 'toast' });
    deleteCookie(DEBUG_COOKIE, { env: 'localhost' });
    expect(readCookie(DEBUG_COOKIE)).toBeNull();
  });
});
