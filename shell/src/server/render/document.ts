import { jsonForScript, metaToHtml, viewportContent, type PageMeta as KitPageMeta } from '@sumika/shell-kit';
import { serializeState, STATE_GLOBAL, type ShellState } from '../../app/state.js';

export const DEFAULT_TITLE = '賃貸住宅・賃貸物件の検索サイト｜すみか';
export const DEFAULT_DESCRIPTION =
  '賃貸マンション・アパートの物件探しなら「すみか」。都道府県、市区町村、路線・駅、通勤時間、こだわり条件から全国の賃貸物件を検索できます。';

export interface ClientAssets {
  /** Entry scripts of the shell's browser build, in order. */
  scripts: string[];
  /** The kit's and the shell's stylesheets (content-hashed CSS files of the same build). */
  styles?: string[];
  /** Chunks the entry loads at once (preloaded). */
  preload: string[];
}

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The entry scripts (in order) and the chunks they load at once (preloaded), requested once the
 * parsed page has painted: the page shows first, then the JavaScript comes and hydrates it. Each
 * element carries the starter's own CSP nonce. A page opened in a background tab (which paints nothing until shown)
 * starts them at once.
 */
function afterFirstPaint(preload: readonly string[], scripts: readonly string[]): string {
  return `(function(d,p,s,n){var started=0;function go(){if(started)return;started=1;p.forEach(function(h){var l=d.createElement('link');l.rel='preload';l.as='script';l.href=h;l.nonce=n;d.head.appendChild(l)});s.forEach(function(h){var e=d.createElement('script');e.src=h;e.async=false;e.nonce=n;d.head.appendChild(e)})}d.addEventListener('DOMContentLoaded',function(){if(d.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})})(document,${jsonForScript(preload)},${jsonForScript(scripts)},document.currentScript.nonce)`;
}

/**
 * <head> and the start of <body>: viewport (1100 px on PC), title, robots, canonical, description
 * (the kit's metaToHtml), stylesheets (the kit's and the shell's, then the page remote's: render-
 * blocking links, so the page never shows unstyled), and the starter of the entry scripts (afterFirstPaint).
 * Breadcrumb JSON-LD is rendered by the kit's Breadcrumbs inside the page.
 */
export function documentHead(opts: {
  meta: KitPageMeta;
  isSpView: boolean;
  assets: ClientAssets;
  remoteEntries: string[];
  remoteStyles?: string[];
  nonce: string;
}): string {
  const nonce = `nonce="${escapeAttr(opts.nonce)}"`;
  return [
    '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8">',
    `<meta name="viewport" content="${viewportContent(opts.isSpView)}">`,
    metaToHtml(opts.meta),
    '<meta name="format-detection" content="telephone=no"><link rel="icon" href="data:,">',
    ...[...(opts.assets.styles ?? []), ...(opts.remoteStyles ?? [])].map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    `<script ${nonce}>${afterFirstPaint([...opts.assets.preload, ...opts.remoteEntries], opts.assets.scripts)}</script>`,
    '</head><body><div id="root">',
  ].join('');
}

/** After the app: the server's state for hydration (kit globals for context and cache, ours for the rest). */
export function documentTail(state: ShellState, kitScripts: string, nonce: string): string {
  return `</div><script nonce="${escapeAttr(nonce)}">${kitScripts}window.${STATE_GLOBAL}=${serializeState(state)}</script></body></html>`;
}

/** The last resort when even the error page cannot render. */
export function bareErrorDocument(status: number, message: string): string {
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Error ${status}</title></head><body><h1>${escapeAttr(message)}</h1><p><a href="/">トップページへ戻る</a></p></body></html>`;
}
