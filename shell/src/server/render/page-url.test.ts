/** @jest-environment node */
import { canonicalOf, canonicalUrl, MAX_PATH_LENGTH, pageUrl, validHost } from './page-url.js';

const ORIGIN = 'https://sumika.example';

describe('pageUrl: the request target on the public origin, never throwing', () => {
  it.each([
    ['/search/tokyo?page=2', 'https://sumika.example/search/tokyo?page=2'],
    ['/statics/help?q=%E6%B8%8B%E8%B0%B7&q=x', 'https://sumika.example/statics/help?q=%E6%B8%8B%E8%B0%B7&q=x'],
    ['/search/?q=%zz', 'https://sumika.example/search/?q=%zz'],
    ['/a\tb', 'https://sumika.example/ab'],
  ])('%s → %s', (target, href) => {
    const { url, badStatus } = pageUrl(target, ORIGIN);
    expect(badStatus).toBeUndefined();
    expect(url.href).toBe(href);
  });

  it.each([
    ['//', 404],
    ['///', 404],
    ['//evil.com/x', 404],
    ['/search//tokyo', 404],
    [`/${'a'.repeat(MAX_PATH_LENGTH)}`, 404],
    ['/%', 400],
    ['/%zz', 400],
    ['/%E0%A4%A', 400],
    ['/a%00b', 400],
    ['/a%7Fb', 400],
    ['/statics/help?q=%00', 400],
    ['/statics/help?%01=x', 400],
    ['http://evil.com/x', 400],
    ['*', 400],
  ] as const)('%s → %s on our own origin', (target, status) => {
    const { url, badStatus } = pageUrl(target, ORIGIN);
    expect(badStatus).toBe(status);
    expect(url.origin).toBe(ORIGIN);
  });
});

describe('validHost', () => {
  it.each(['sumika.example', 'localhost:3000', '127.0.0.1:80', '[::1]:3000', 'xn--eckwd4c7c.example'])('%s is a host', (host) => {
    expect(validHost(host)).toBe(true);
  });
  it.each([undefined, '', 'bad host', '[::1', 'a/b', '<script>', 'a:99999', 'a:b', 'a\u0000b'])('%j is not', (host) => {
    expect(validHost(host)).toBe(false);
  });
});

describe('canonicalUrl', () => {
  it('resolves a path on the public origin and drops anything that leaves it', () => {
    expect(canonicalUrl('/search/tokyo', ORIGIN)).toBe('https://sumika.example/search/tokyo');
    expect(canonicalUrl('https://sumika.example/x', ORIGIN)).toBe('https://sumika.example/x');
    expect(canonicalUrl('//evil.com/x', ORIGIN)).toBeNull();
    expect(canonicalUrl('https://evil.com/', ORIGIN)).toBeNull();
    expect(canonicalUrl('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(canonicalUrl(undefined, ORIGIN)).toBeNull();
  });
});

describe('canonicalOf', () => {
  it("is the page's own, else the path without its query for an indexable page, none for a noindex one", () => {
    expect(canonicalOf({ canonical: '/search/tokyo/city/13101?page=2' }, '/search/tokyo/city/13101', false)).toBe('/search/tokyo/city/13101?page=2');
    expect(canonicalOf({}, '/campus/tokyo', false)).toBe('/campus/tokyo');
    expect(canonicalOf({ canonical: null }, '/x', false)).toBeNull();
    expect(canonicalOf({ robots: 'noindex, follow' }, '/archive/tokyo', false)).toBeNull();
    expect(canonicalOf({}, '/favorite', true)).toBeNull();
  });
});
