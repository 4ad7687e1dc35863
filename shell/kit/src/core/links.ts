/** Links whose query strings carry tracking (SPEC §7.3). */
import { EXTERNAL_LINKS, type PageKind } from './constants.js';

/** SPEC §3 traffic sources. */
export type TrafficSource = 'criteo' | 'line' | 'lis_ad' | 'lis_ov' | 'mail' | 'organic' | 'other';

/** The source a ref_code stands for (SPEC §7.3): organic when absent, then criteo, lis_ad_*, lis_ov_*, mail_*, line*, else other. */
export function trafficSourceOf(refCode: string | null | undefined): TrafficSource {
  const code = refCode?.trim().toLowerCase() ?? '';
  if (!code) return 'organic';
  if (code === 'criteo') return 'criteo';
  if (code.startsWith('lis_ad_')) return 'lis_ad';
  if (code.startsWith('lis_ov_')) return 'lis_ov';
  if (code.startsWith('mail_')) return 'mail';
  if (code.startsWith('line')) return 'line';
  return 'other';
}

export type AppPlatform = 'ios' | 'android';

export interface AppStoreLinkOptions {
  platform: AppPlatform;
  /** Where the link sits, e.g. `sp_header_banner`, `leave_popup`. */
  pid: string;
  /** The ref_code the visitor arrived with, if any. */
  refCode?: string | null;
}

/**
 * The store page of the official app with `pid={pid}_{source}`, the source read from ref_code
 * (SPEC §7.3), so installs are attributed to the placement and the traffic source together.
 */
export function appStoreLink({ platform, pid, refCode }: AppStoreLinkOptions): string {
  const url = new URL(platform === 'ios' ? EXTERNAL_LINKS.appStoreIos : EXTERNAL_LINKS.appStoreAndroid);
  url.searchParams.set('pid', `${pid}_${trafficSourceOf(refCode)}`);
  return url.toString();
}

/** iOS for iPhones (and the iOS app), Android otherwise: the stores mobile web visitors can reach. */
export const appPlatformOf = (ctx: { isIphone: boolean; isIosApp: boolean }): AppPlatform => (ctx.isIphone || ctx.isIosApp ? 'ios' : 'android');

export interface LoginLinkOptions {
  pageKind: PageKind;
  /** Shown inside a popup: register_from gets the `_popup` suffix. */
  popup?: boolean;
}

/** The messaging-service login / registration link; register_from is the page kind, plus `_popup` in a popup (SPEC §7.3). */
export function loginLink({ pageKind, popup = false }: LoginLinkOptions): string {
  const params = new URLSearchParams({ register_from: popup ? `${pageKind}_popup` : pageKind });
  return `${EXTERNAL_LINKS.messagingLogin}?${params.toString()}`;
}
