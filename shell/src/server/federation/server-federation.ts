import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import type { RemoteName } from '../../routes.js';
import type { RemoteDirectory } from './remote-directory.js';
import { sharedModules } from './shared-modules.js';

interface Logger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${remote}: ${message}`, options);
    this.name = 'RemoteUnavailableError';
  }
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string; buildInfo?: { buildVersion?: string } };
}

interface RemoteState {
  /** Content hash of the manifest of the loaded build. */
  version?: string;
  /** The manifest URL last checked (the registry's for this remote then) and its ETag when the check succeeded. */
  manifestUrl?: string;
  etag?: string;
  entryUrl?: string;
  checkedAt: number;
  /** The check under way, for one manifest URL: requests for the same URL wait on it. */
  checking?: { url: string; promise: Promise<void> };
  /** The manifest URL the newest registry read names (and that read's generation): a check for another URL registers nothing. */
  target?: string;
  targetGeneration: number;
  /** The last check failed: the message, until a later check succeeds. */
  failure?: string;
  /** Exposed modules of the loaded build. */
  modules: Map<string, Promise<unknown>>;
}

const require = createRequire(import.meta.url);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs a commonjs-module remote entry (the remote's Node build) and returns its container. In this
 * realm (not vm.runInThisContext): the remote's runtime must see the same globalThis.__FEDERATION__
 * as the host's, also under test runners that give each file its own context. Nothing is written to
 * disk or to require.cache: a new build is a new URL, so nothing stale can be served from a cache.
 */
function evaluateEntry(code: string, url: string): unknown {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = new Function('exports', 'module', 'require', '__dirname', '__filename', `${code}\n//# sourceURL=${url}`) as (
    exports: unknown,
    module: unknown,
    require: NodeJS.Require,
    dirname: string,
    filename: string,
  ) => void;
  wrapper(module.exports, module, require, new URL('.', url).href, url);
  return module.exports;
}

/**
 * The shell server as a Module Federation host at run time (no build-time remotes).
 *
 * Stale server-side remotes: before a remote's page is used, its server mf-manifest.json is checked
 * (at most once per `ttlMs`, with If-None-Match; at once when the registry names another manifest, as
 * a pinned release or a rollback does: decision 027). When the build changed, the remote is registered
 * again under a unique entry URL (`remoteEntry.js?v=<manifest hash>`) with `force`, which drops the
 * runtime's cached container, snapshot and shared registrations for it; the exposed modules of the old
 * build are forgotten and any require-cache entry of the old URL is deleted. Requests already rendering
 * keep the module they hold; the next request gets the new build, with no shell restart.
 */
export class ServerFederation {
  private readonly instance: ModuleFederation;
  private readonly states = new Map<RemoteName, RemoteState>();
  private readonly loggedFailures = new Map<RemoteName, string>();

  constructor(private readonly opts: { directory: RemoteDirectory; ttlMs: number; timeoutMs: number; log: Logger }) {
    this.instance = createInstance({
      name: 'sumika_shell_server',
      remotes: [],
      shared: sharedModules(),
      shareStrategy: 'loaded-first',
      plugins: [
        {
          name: 'sumika-node-entry-loader',
          loadEntry: async ({ remoteInfo }) => {
            const res = await fetch(remoteInfo.entry, { signal: AbortSignal.timeout(this.opts.timeoutMs) });
            if (!res.ok) throw new Error(`GET ${remoteInfo.entry}: ${res.status}`);
            return evaluateEntry(await res.text(), remoteInfo.entry) as never;
          },
        },
      ],
    });
  }

  private state(remote: RemoteName): RemoteState {
    let s = this.states.get(remote);
    if (!s) this.states.set(remote, (s = { checkedAt: 0, targetGeneration: -1, modules: new Map() }));
    return s;
  }

  /** The build version currently loaded for a remote (manifest hash), if any. */
  version(remote: RemoteName): string | undefined {
    return this.states.get(remote)?.version;
  }

  /**
   * Checks the remote's manifest when the last check is older than the TTL, or at once when the registry
   * names another manifest (a pinned version changed, a rollback); loads a changed build.
   */
  async ensureFresh(remote: RemoteName): Promise<void> {
    const s = this.state(remote);
    const { data, generation } = await this.opts.directory.read();
    // A request that read the registry just before a change follows the newer registry another one read.
    if (generation >= s.targetGeneration) {
      s.target = data[remote].server;
      s.targetGeneration = generation;
    }
    const manifestUrl = s.target ?? data[remote].server;
    if (manifestUrl === s.manifestUrl && Date.now() - s.checkedAt < this.opts.ttlMs) {
      if (s.failure) throw new RemoteUnavailableError(remote, s.failure);
      return;
    }
    if (s.checking?.url !== manifestUrl) {
      const checking = { url: manifestUrl, promise: this.check(remote, s, manifestUrl) };
      checking.promise = checking.promise.finally(() => {
        if (s.checking === checking) s.checking = undefined;
      });
      // Requests that wait on it see its outcome through s.failure.
      checking.promise.catch(() => undefined);
      s.checking = checking;
    }
    await s.checking.promise.catch(() => undefined);
    if (s.failure) throw new RemoteUnavailableError(remote, s.failure);
  }

  private async check(remote: RemoteName, s: RemoteState, manifestUrl: string): Promise<void> {
    // Revalidate only the manifest the loaded build came from; another URL's ETag says nothing of this one.
    const revalidate = s.etag && s.version && s.manifestUrl === manifestUrl;
    try {
      const res = await fetch(manifestUrl, {
        headers: revalidate ? { 'if-none-match': s.etag! } : {},
        signal: AbortSignal.timeout(Math.min(this.opts.timeoutMs, 2000)),
      });
      // The registry moved on while this check ran: the newer check decides.
      if (s.target !== manifestUrl) return;
      if (res.status === 304 && revalidate) {
        s.checkedAt = Date.now();
        s.failure = undefined;
        return;
      }
      if (!res.ok) throw new Error(`GET ${manifestUrl}: ${res.status}`);
      const text = await res.text();
      if (s.target !== manifestUrl) return;
      const version = createHash('sha256').update(text).digest('hex').slice(0, 16);
      s.manifestUrl = manifestUrl;
      s.etag = res.headers.get('etag') ?? undefined;
      s.checkedAt = Date.now();
      s.failure = undefined;
      if (version === s.version) return;
      const manifest = JSON.parse(text) as Manifest;
      const meta = manifest.metaData ?? {};
      const base = meta.publicPath && meta.publicPath !== 'auto' ? meta.publicPath : manifestUrl;
      const entryUrl = new URL(`${meta.remoteEntry?.path ?? ''}${meta.remoteEntry?.name ?? 'remoteEntry.js'}`, base);
      entryUrl.searchParams.set('v', version);
      const previous = s.entryUrl;
      this.instance.registerRemotes([{ name: remote, entry: entryUrl.href }], { force: s.version !== undefined });
      s.modules.clear();
      if (previous) for (const key of Object.keys(require.cache)) if (key.startsWith(previous.split('?')[0] ?? previous)) delete require.cache[key];
      s.version = version;
      s.entryUrl = entryUrl.href;
      this.opts.log.info(
        { remote, version, entry: entryUrl.href, previous: previous ?? null },
        previous ? 'remote server build changed; loaded the new one' : 'remote server build registered',
      );
    } catch (err) {
      if (s.target !== manifestUrl) return;
      s.manifestUrl = manifestUrl;
      s.etag = undefined;
      s.checkedAt = Date.now();
      s.failure = err instanceof Error ? err.message : String(err);
      throw err instanceof RemoteUnavailableError ? err : new RemoteUnavailableError(remote, s.failure, { cause: err });
    }
  }

  /** An exposed module ('./TopPage') of the remote's current build. */
  async load<T = unknown>(remote: RemoteName, expose: string): Promise<T> {
    try {
      await this.ensureFresh(remote);
      const s = this.state(remote);
      let p = s.modules.get(expose);
      if (!p) {
        const id = `${remote}/${expose.replace(/^\.\//, '')}`;
        p = withTimeout(this.instance.loadRemote(id), this.opts.timeoutMs, `loading ${id}`).then((m) => {
          if (!m) throw new Error(`${id} is not exposed`);
          return m;
        });
        s.modules.set(expose, p);
        p.catch(() => {
          if (s.modules.get(expose) === p) s.modules.delete(expose);
        });
      }
      const mod = (await p) as T;
      this.loggedFailures.delete(remote);
      return mod;
    } catch (err) {
      this.logFailureOnce(remote, err);
      throw err instanceof RemoteUnavailableError ? err : new RemoteUnavailableError(remote, err instanceof Error ? err.message : String(err), { cause: err });
    }
  }

  /**
   * Loads every page module the route table names (`exposes`, per remote) in parallel, so the first
   * pages after a start do not each wait for them (under load they passed their deadline: 503). Settles
   * once each has loaded or failed, every load bounded by the load timeout; a remote that is down is
   * counted as failed (its pages degrade as they would anyway).
   */
  async warm(exposes: Readonly<Record<RemoteName, readonly string[]>>): Promise<{ loaded: number; failed: number }> {
    const loads = (Object.entries(exposes) as [RemoteName, readonly string[]][]).flatMap(([remote, list]) => list.map((e) => this.load(remote, e)));
    const results = await Promise.allSettled(loads);
    const failed = results.filter((r) => r.status === 'rejected').length;
    return { loaded: results.length - failed, failed };
  }

  /** A failing remote is logged when it starts failing (or fails differently), not on every request. */
  private logFailureOnce(remote: RemoteName, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    if (this.loggedFailures.get(remote) === message) return;
    this.loggedFailures.set(remote, message);
    this.opts.log.error({ remote, err: message }, 'remote unavailable');
  }
}
