import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '../../routes.js';
import type { RemoteDirectory } from './remote-directory.js';

/** How long the entry of a manifest the registry stopped naming is kept. */
const FORGET_AFTER_MS = 60_000;
/** A remote stylesheet up to this size goes into the document; a larger one stays a link. */
export const INLINE_CSS_MAX_BYTES = 48 * 1024;
/** Stylesheet texts kept (content-hashed URLs: a text never changes; old releases' drop out). */
const CSS_TEXTS_KEPT = 32;

/** A page remote's stylesheet: its URL, and its text when it was read (the document then carries it inline). */
export interface RemoteStyle {
  href: string;
  text?: string;
}

/**
 * The stylesheet's text to inline in a page: relative url() references made absolute against the
 * file's own URL (inline, they would resolve against the page's), fragments (`#default#VML`) and
 * data: URLs kept as they are, and no `</style` that could end the element early.
 */
export function inlinableCss(text: string, fileUrl: string): string {
  return text
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (whole, quote: string, ref: string) =>
      ref === '' || ref.startsWith('#') || /^data:/i.test(ref) ? whole : `url(${quote}${new URL(ref, fileUrl).href}${quote})`,
    )
    .replace(/<\/(style)/gi, '<\\/$1');
}

interface Entry {
  url: string;
  /** Each exposed page's stylesheets ('./TopPage' → absolute URLs), from the manifest. */
  styles: Map<string, string[]>;
  etag?: string;
  checkedAt: number;
}

interface ClientManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { css?: { sync?: string[] } } }[];
}

/**
 * The browser's remote entries, read from the remotes' client manifests at run time and versioned
 * by the manifest's hash (`remoteEntry.js?v=<hash>`): a redeployed remote reaches the next page view
 * with no shell rebuild and no stale browser cache. An unreachable manifest falls back to the plain
 * entry URL (the page then shows the remote's error box if it really is down). The manifest also
 * names each exposed page's stylesheets, which the SSR document carries inline (read here once per
 * content-hashed URL) or links (`stylesFor`). Entries are kept
 * per manifest URL: when the registry names another one (a pinned release, a rollback) it is read at
 * once, as the server side does (ServerFederation), so SSR and hydration switch together.
 */
export class ClientEntries {
  /** By client manifest URL (the registry's current ones, and for a minute those it named before). */
  private readonly entries = new Map<string, Entry>();
  private readonly checking = new Map<string, Promise<void>>();
  /** Stylesheet texts by URL, ready to inline (inlinableCss). */
  private readonly cssTexts = new Map<string, string>();
  /** Each remote's client manifest URL as of the last `get()`. */
  private current = new Map<RemoteName, string>();

  constructor(private readonly opts: { directory: RemoteDirectory; ttlMs: number }) {}

  async get(): Promise<Record<RemoteName, string>> {
    const directory = await this.opts.directory.get();
    const urls = new Map(REMOTE_NAMES.map((name) => [name, directory[name].client]));
    await Promise.all([...urls.values()].map((url) => this.refresh(url)));
    this.current = urls;
    // Manifests the registry no longer names go after a while (not at once: a request that read the
    // registry just before a switch may still be on its way here).
    const wanted = new Set(urls.values());
    const old = Date.now() - FORGET_AFTER_MS;
    for (const [url, entry] of this.entries) if (!wanted.has(url) && entry.checkedAt < old) this.entries.delete(url);
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const url = urls.get(name)!;
        return [name, this.entries.get(url)?.url ?? new URL('remoteEntry.js', url).href];
      }),
    ) as Record<RemoteName, string>;
  }

  /**
   * The stylesheets an exposed page loads with it, as of the last `get()`, each with its text when it
   * was read and is small enough to inline: none when the manifest could not be read.
   */
  stylesFor(name: RemoteName, expose: string): RemoteStyle[] {
    const url = this.current.get(name);
    const hrefs = (url === undefined ? undefined : this.entries.get(url)?.styles.get(expose)) ?? [];
    return hrefs.map((href) => {
      const text = this.cssTexts.get(href);
      return text === undefined ? { href } : { href, text };
    });
  }

  /** Reads the stylesheets not read yet (a failed or oversized one stays a link; the next check tries again). */
  private async readStyles(hrefs: Iterable<string>): Promise<void> {
    const missing = [...new Set(hrefs)].filter((href) => !this.cssTexts.has(href));
    await Promise.all(
      missing.map(async (href) => {
        try {
          const res = await fetch(href, { signal: AbortSignal.timeout(1500) });
          if (!res.ok) return;
          const text = await res.text();
          if (Buffer.byteLength(text) > INLINE_CSS_MAX_BYTES) return;
          this.cssTexts.set(href, inlinableCss(text, href));
          for (const old of this.cssTexts.keys()) {
            if (this.cssTexts.size <= CSS_TEXTS_KEPT) break;
            this.cssTexts.delete(old);
          }
        } catch {
          // stays a link
        }
      }),
    );
  }

  private refresh(manifestUrl: string): Promise<void> {
    const known = this.entries.get(manifestUrl);
    if (known && Date.now() - known.checkedAt < this.opts.ttlMs) return Promise.resolve();
    let p = this.checking.get(manifestUrl);
    if (!p) {
      p = this.check(manifestUrl, known).finally(() => this.checking.delete(manifestUrl));
      this.checking.set(manifestUrl, p);
    }
    return p;
  }

  private async check(manifestUrl: string, known: Entry | undefined): Promise<void> {
    const fallback = new URL('remoteEntry.js', manifestUrl).href;
    try {
      const res = await fetch(manifestUrl, { headers: known?.etag ? { 'if-none-match': known.etag } : {}, signal: AbortSignal.timeout(1500) });
      if (res.status === 304 && known) {
        await this.readStyles([...known.styles.values()].flat());
        known.checkedAt = Date.now();
        return;
      }
      if (!res.ok) throw new Error(String(res.status));
      const text = await res.text();
      const manifest = JSON.parse(text) as ClientManifest;
      const meta = manifest.metaData ?? {};
      const base = meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : manifestUrl;
      const url = new URL(`${meta.remoteEntry?.path ?? ''}${meta.remoteEntry?.name ?? 'remoteEntry.js'}`, base);
      url.searchParams.set('v', createHash('sha256').update(text).digest('hex').slice(0, 16));
      // The same absolute URL the remote's runtime computes (publicPath + file), so it finds the
      // server's <link> and loads nothing twice.
      const styles = new Map(
        (manifest.exposes ?? []).filter((e) => e.path).map((e) => [e.path!, (e.assets?.css?.sync ?? []).map((f) => new URL(f, base).href)]),
      );
      await this.readStyles([...styles.values()].flat());
      this.entries.set(manifestUrl, { url: url.href, styles, etag: res.headers.get('etag') ?? undefined, checkedAt: Date.now() });
    } catch {
      this.entries.set(manifestUrl, { url: fallback, styles: new Map(), checkedAt: Date.now() });
    }
  }
}
