/**
 * SPEC §3 client context: the device view and referrer facts every page renders with. The server
 * derives it from the request and hands it to the browser (clientContextScript), so the first
 * client render matches the server's and hydration is clean.
 */
import { isEnv, type Env } from '../core/constants.js';
import { jsonForScript } from '../core/script-json.js';

export interface ClientContext {
  /** ISO 8601 instant the page was rendered (the header's last-updated date comes from it). */
  serverDate: string;
  /** Mobile web or app view (phones; tablets get the PC view). */
  isSpView: boolean;
  /** Inside the native app (its own user agent, see APP_USER_AGENT_TOKENS). */
  isApp: boolean;
  isIosApp: boolean;
  /** An iPhone or iPod touch, in the browser or the app. */
  isIphone: boolean;
  /** The referrer is empty or another host (SPEC §4). */
  isExternalReferrer: boolean;
  env: Env;
  /** The ref_code of the landing URL, for the app-store links' source suffix (SPEC §7.3). */
  refCode?: string | null;
  /** The site's origin (https://host, http on localhost), for absolute URLs such as breadcrumb JSON-LD. */
  origin?: string | null;
}

/**
 * The native apps append one of these to their WebView user agent, e.g.
 * `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) … Mobile/15E148 SumikaApp/iOS 3.4.0`.
 */
export const APP_USER_AGENT_TOKENS = { ios: 'SumikaApp/iOS', android: 'SumikaApp/Android' } as const;

const IOS_APP = /\bSumikaApp\/iOS\b/i;
const ANY_APP = /\bSumikaApp\/(iOS|Android)\b/i;
const IPHONE = /\b(iPhone|iPod)\b/;
// Phones only: iPad, and Android without "Mobile" (tablets), get the PC view as on most Japanese portals.
const MOBILE = /\b(iPhone|iPod)\b|Android.*\bMobile\b|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|Mobile.*Firefox|Firefox.*Mobile/i;

export interface ClientRequestInfo {
  userAgent?: string | null;
  /** The Referer header (or document.referrer). */
  referer?: string | null;
  /** The page's host (host[:port]); the server passes `origin` instead. */
  host?: string | null;
  /** The site's public origin (the server's PUBLIC_ORIGIN): absolute URLs and the same-site referrer test use it, never the request's Host. */
  origin?: string | null;
  now?: Date | string | number;
  env?: Env;
  refCode?: string | null;
}

/** True when the referrer is empty, unreadable, or names another host than the page's. */
export function isExternalReferrer(referer: string | null | undefined, host: string | null | undefined): boolean {
  if (!referer) return true;
  try {
    return new URL(referer).host.toLowerCase() !== (host ?? '').trim().toLowerCase();
  } catch {
    return true;
  }
}

/** The client context of a request; pure (no globals), so the SSR server and tests call it alike. */
export function clientContextFromRequest({ userAgent, referer, host, origin, now, env, refCode }: ClientRequestInfo): ClientContext {
  const ua = userAgent ?? '';
  const siteHost = origin ? new URL(origin).host : host;
  const isApp = ANY_APP.test(ua);
  const date = now === undefined ? new Date() : now instanceof Date ? now : new Date(now);
  return {
    serverDate: date.toISOString(),
    isSpView: isApp || MOBILE.test(ua),
    isApp,
    isIosApp: IOS_APP.test(ua),
    isIphone: IPHONE.test(ua),
    isExternalReferrer: isExternalReferrer(referer, siteHost),
    env: env ?? 'production',
    refCode: refCode?.trim() || null,
    origin: origin ? new URL(origin).origin : host ? `${env === 'localhost' ? 'http' : 'https'}://${host}` : null,
  };
}

/** The window property the SSR server fills with the server's context. */
export const CLIENT_CONTEXT_GLOBAL = '__SUMIKA_CLIENT_CONTEXT__';

/** Inline-script text that hands the server's context to the browser (safe inside <script>). */
export function clientContextScript(ctx: ClientContext): string {
  return `window.${CLIENT_CONTEXT_GLOBAL}=${jsonForScript(ctx)};`;
}

function isClientContext(v: unknown): v is ClientContext {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.serverDate === 'string' &&
    ['isSpView', 'isApp', 'isIosApp', 'isIphone', 'isExternalReferrer'].every((k) => typeof c[k] === 'boolean') &&
    isEnv(c.env)
  );
}

/**
 * The context in the browser: the server's (clientContextScript) when the page was server-rendered,
 * else derived from navigator, document.referrer and location. Call it before hydrating, never during SSR.
 */
export function clientContextFromBrowser(opts: { env?: Env } = {}): ClientContext {
  const fromServer = (globalThis as Record<string, unknown>)[CLIENT_CONTEXT_GLOBAL];
  if (isClientContext(fromServer)) return fromServer;
  const host = typeof location === 'undefined' ? '' : location.host;
  const hostname = typeof location === 'undefined' ? '' : location.hostname;
  const ctx = clientContextFromRequest({
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    referer: typeof document === 'undefined' ? '' : document.referrer,
    host,
    now: new Date(),
    env: opts.env ?? (hostname === 'localhost' || hostname === '127.0.0.1' ? 'localhost' : 'production'),
    refCode: typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('ref_code'),
  });
  return typeof location === 'undefined' ? ctx : { ...ctx, origin: location.origin };
}

/** PC view, production, same-site referrer: what components see with no provider. */
export const DEFAULT_CLIENT_CONTEXT: ClientContext = {
  serverDate: '',
  isSpView: false,
  isApp: false,
  isIosApp: false,
  isIphone: false,
  isExternalReferrer: false,
  env: 'production',
  refCode: null,
  origin: null,
};
