/** U+0000–U+001F except \t \n \r, and U+007F: the shared input rule of issue 13 (the gateway's input-rules). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** No route is longer; a longer path is no page (and never reaches the route patterns). */
export const MAX_PATH_LENGTH = 2000;

// RFC 3986 host (reg-name, IPv4, [IPv6]) and an optional port.
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::(\d{1,5}))?$/;

/** Whether a Host header is one (the page never uses it, but a request without a valid one is malformed). */
export function validHost(host: string | undefined): boolean {
  if (!host) return false;
  const m = HOST.exec(host);
  return !!m && (m[1] === undefined || Number(m[1]) <= 65_535);
}

export const hasControlCharacters = (s: string): boolean => CONTROL_CHARACTERS.test(s);

export interface PageUrl {
  /** The request's path and query on the public origin; '/' when the path cannot be read. */
  url: URL;
  /** The request cannot be a page: it gets the 400 or 404 page. */
  badStatus?: 400 | 404;
}

/**
 * The page URL of a request target, on the public origin (never the Host header's): a path that
 * cannot be decoded, control characters in the path or the query, or an absolute-form target are
 * 400; a path longer than any route, or with an empty segment, is 404. Never throws.
 */
export function pageUrl(target: string, origin: string): PageUrl {
  const home = new URL('/', origin);
  if (!target.startsWith('/')) return { url: home, badStatus: 400 };
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  // No route has an empty segment: '//' and '//host/x' are no pages (and never the top page).
  if (path.length > MAX_PATH_LENGTH || path.includes('//')) return { url: home, badStatus: 404 };
  let url: URL;
  let decoded: string;
  try {
    // origin + path: '//evil.com/x' stays a path on our origin, never another host.
    url = new URL(`${home.origin}${target}`);
    decoded = decodeURIComponent(path);
  } catch {
    return { url: home, badStatus: 400 };
  }
  if (hasControlCharacters(decoded)) return { url: home, badStatus: 400 };
  for (const [key, value] of url.searchParams) {
    if (hasControlCharacters(key) || hasControlCharacters(value)) return { url: new URL(url.pathname, home), badStatus: 400 };
  }
  return { url };
}

/**
 * The canonical path of an indexable page: the page's own (a search keeps its conditions and page in
 * it), else the path it was asked by without its query (parameters a page does not name as its own are
 * variants of it). A noindex page names none unless it says so.
 */
export function canonicalOf(meta: { canonical?: string | null; robots?: string | null }, pathname: string, noindex: boolean): string | null {
  if (meta.canonical !== undefined) return meta.canonical;
  return noindex || meta.robots?.includes('noindex') ? null : pathname;
}

/** A page's canonical URL on the public origin; anything that would leave the origin is dropped. */
export function canonicalUrl(canonical: string | null | undefined, origin: string): string | null {
  if (!canonical) return null;
  try {
    const url = new URL(canonical, origin);
    return url.origin === new URL(origin).origin ? url.href : null;
  } catch {
    return null;
  }
}
