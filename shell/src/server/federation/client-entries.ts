import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '../../routes.js';
import type { RemoteDirectory } from './remote-directory.js';

/** How long the entry of a manifest the registry stopped naming is kept. */
const FORGET_AFTER_MS = 60_000;

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
 * names each exposed page's stylesheets, which the SSR document links (`stylesFor`). Entries are kept
 * per manifest URL: when the registry names another one (a pinned release, a rollback) it is read at
 * once, as the server side does (ServerFederation), so SSR and hydration switch together.
 */
export class ClientEntries {
  /** By client manifest URL (the registry's current ones, and for a minute those it named before). */
  private readonly entries = new Map<string, Entry>();
  private readonly checking = new Map<string, Promise<void>>();
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

  /** The stylesheets an exposed page loads with it, as of the last `get()`: none when the manifest could not be read. */
  stylesFor(name: RemoteName, expose: string): string[] {
    const url = this.current.get(name);
    return (url === undefined ? undefined : this.entries.get(url)?.styles.get(expose)) ?? [];
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
      this.entries.set(manifestUrl, { url: url.href, styles, etag: res.headers.get('etag') ?? undefined, checkedAt: Date.now() });
    } catch {
      this.entries.set(manifestUrl, { url: fallback, styles: new Map(), checkedAt: Date.now() });
    }
  }
}
