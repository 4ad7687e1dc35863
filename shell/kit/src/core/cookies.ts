/**
 * The client keys of SPEC §3 with their lifetimes (SPEC §9), and the one way the kit writes a
 * cookie: Path=/, SameSite=Lax, Secure everywhere but localhost. Reading works on the server
 * (pass the Cookie header) and in the browser (document.cookie).
 */
import {
  AB_TEST_COOKIE_MAX_AGE,
  AB_TEST_COOKIE_SUFFIX,
  FAVORITE_DIALOG_RESTRICTION_COOKIE,
  FAVORITE_DIALOG_RESTRICTION_MAX_AGE,
  abTestCookieName,
} from '@sumika/spec';
import type { Env } from './constants.js';

/** The visitor id: signed and HttpOnly, set by the gateway; listed for completeness, never written here. */
export const UID_COOKIE = '_uid';
/** Mobile favorite dialog 'do not show again' (SPEC §4), and the A/B variant per test: the user subgraph sets them too. */
export { AB_TEST_COOKIE_MAX_AGE, AB_TEST_COOKIE_SUFFIX, FAVORITE_DIALOG_RESTRICTION_COOKIE, FAVORITE_DIALOG_RESTRICTION_MAX_AGE, abTestCookieName };
/** Page-tracking debug view: on when the cookie equals 1 (SPEC §9). */
export const DEBUG_COOKIE = 'debug';
export const DEBUG_COOKIE_ON = '1';
/** Which recommendation source the visitor last saw (SPEC §3 recommend sources). */
export const RECOMMEND_TYPE_COOKIE = 'recommend_type';

/** SPEC §3 cookie list item (what the shell server copies between the gateway and the visitor). */
export interface CookieListItem {
  name: string;
  value: string;
  expires?: string | Date | null;
  path?: string;
  httpOnly?: boolean;
}

/** Parses a Cookie header; the first occurrence of a name wins, values are URI-decoded when they can be. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

/**
 * A cookie's value, or null. On the server pass the request's Cookie header; in the browser
 * leave it out to read document.cookie (null during SSR without a header).
 */
export function readCookie(name: string, cookieHeader?: string | null): string | null {
  const header = cookieHeader !== undefined ? cookieHeader : typeof document === 'undefined' ? null : document.cookie;
  return parseCookieHeader(header).get(name) ?? null;
}

/** Secure everywhere but localhost (a plain-http dev server would drop a Secure cookie). */
export function cookieIsSecure(env?: Env, hostname?: string): boolean {
  if (env) return env !== 'localhost';
  const host = hostname ?? (typeof location === 'undefined' ? '' : location.hostname);
  return !(host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host.endsWith('.localhost'));
}

export interface WriteCookieOptions {
  /** Seconds; leave out for a session cookie. */
  maxAge?: number;
  path?: string;
  /** Decides Secure (every environment but localhost); leave out to decide from location.hostname. */
  env?: Env;
  /** Overrides the environment rule. */
  secure?: boolean;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The Set-Cookie / document.cookie string the kit writes: `name=value; Max-Age=N; Path=/; SameSite=Lax[; Secure]`. */
export function serializeCookie(name: string, value: string, opts: WriteCookieOptions = {}): string {
  if (!TOKEN.test(name)) throw new Error(`invalid cookie name: ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(opts.maxAge))}`);
  parts.push(`Path=${opts.path ?? '/'}`, 'SameSite=Lax');
  if (opts.secure ?? cookieIsSecure(opts.env)) parts.push('Secure');
  return parts.join('; ');
}

/** Writes a cookie in the browser (a no-op on the server); returns what was written. */
export function writeCookie(name: string, value: string, opts: WriteCookieOptions = {}): string {
  const text = serializeCookie(name, value, opts);
  if (typeof document !== 'undefined') document.cookie = text;
  return text;
}

export function deleteCookie(name: string, opts: Omit<WriteCookieOptions, 'maxAge'> = {}): string {
  return writeCookie(name, '', { ...opts, maxAge: 0 });
}

/** Sets the mobile favorite dialog's 'do not show again' cookie for 90 days. */
export const writeFavoriteDialogRestriction = (env?: Env): string =>
  writeCookie(FAVORITE_DIALOG_RESTRICTION_COOKIE, '1', { maxAge: FAVORITE_DIALOG_RESTRICTION_MAX_AGE, env });

export const isFavoriteDialogRestricted = (cookieHeader?: string | null): boolean => !!readCookie(FAVORITE_DIALOG_RESTRICTION_COOKIE, cookieHeader);

/** Remembers an A/B variant for 30 minutes. */
export const writeAbTestCookie = (testName: string, value: string, env?: Env): string =>
  writeCookie(abTestCookieName(testName), value, { maxAge: AB_TEST_COOKIE_MAX_AGE, env });

/** Every `{name}_for_ga_session` cookie as test name → variant. */
export function readAbTestCookies(cookieHeader?: string | null): Record<string, string> {
  const header = cookieHeader !== undefined ? cookieHeader : typeof document === 'undefined' ? null : document.cookie;
  const out: Record<string, string> = {};
  for (const [name, value] of parseCookieHeader(header)) {
    if (name.endsWith(AB_TEST_COOKIE_SUFFIX) && name.length > AB_TEST_COOKIE_SUFFIX.length) out[name.slice(0, -AB_TEST_COOKIE_SUFFIX.length)] = value;
  }
  return out;
}

export const isDebugOn = (cookieHeader?: string | null): boolean => readCookie(DEBUG_COOKIE, cookieHeader) === DEBUG_COOKIE_ON;
