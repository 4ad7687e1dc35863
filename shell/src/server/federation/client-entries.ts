import { createHash } from 'node:crypto';
import { REMOTE_NAMES, type RemoteName } from '../../routes.js';
import type { RemoteDirectory } from './remote-directory.js';

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
 * names each exposed page's stylesheets, which the SSR document links (`stylesFor`).
 */
export class ClientEntries {
  private readonly entries = new Map<RemoteName, Entry>();
  private checking = new Map<RemoteName, Promise<void>>();

  constructor(private readonly opts: { directory: RemoteDirectory; ttlMs: number }) {}

  async get(): Promise<Record<RemoteName, string>> {
    const directory = await this.opts.directory.get();
    await Promise.all(REMOTE_NAMES.map((name) => this.refresh(name, directory[name].client)));
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, this.entries.get(name)?.url ?? new URL('remoteEntry.js', directory[name].client).href]),
    ) as Record<RemoteName, string>;
  }

  /** The stylesheets an exposed page loads with it, as of the last `get()`: none when the manifest could not be read. */
  stylesFor(name: RemoteName, expose: string): string[] {
    return this.entries.get(name)?.styles.get(expose) ?? [];
  }

  private refresh(name: RemoteName, manifestUrl: string): Promise<void> {
    const known = this.entries.get(name);
    if (known && Date.now() - known.checkedAt < this.opts.ttlMs) return Promise.resolve();
    let p = this.checking.get(name);
    if (!p) {
      p = this.check(name, manifestUrl, known).finally(() => this.checking.delete(name));
      this.checking.set(name, p);
    }
    return p;
  }

  private async check(name: RemoteName, manifestUrl: string, known: Entry | undefined): Promise<void> {
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
      this.entries.set(name, { url: url.href, styles, etag: res.headers.get('etag') ?? undefined, checkedAt: Date.now() });
    } catch {
      this.entries.set(name, { url: fallback, styles: new Map(), checkedAt: Date.now() });
    }
  }
}
