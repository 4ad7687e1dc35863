import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from '../../routes.js';

/** Where a remote's manifests are: the Node build for the shell server, the browser build for visitors. */
export interface RemoteLocation {
  server: string;
  client: string;
  /** The release the registry pins (decision 027); absent when the remote follows its latest build. */
  version?: string;
}
export type RemoteDirectoryData = Record<RemoteName, RemoteLocation>;

interface Logger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

const DEFAULT_PORTS: Record<RemoteName, number> = { mf_search: 3001, mf_detail: 3002, mf_user: 3003, mf_forms: 3004 };
const ENV_PREFIX: Record<RemoteName, string> = { mf_search: 'MF_SEARCH', mf_detail: 'MF_DETAIL', mf_user: 'MF_USER', mf_forms: 'MF_FORMS' };

const trim = (u: string) => u.replace(/\/+$/, '');

/** A remote's origin (as its static server serves dist/) → its two manifests. */
export function locationFromBase(serverBase: string, publicBase = serverBase): RemoteLocation {
  return { server: `${trim(serverBase)}/server/mf-manifest.json`, client: `${trim(publicBase)}/client/mf-manifest.json` };
}

/** A recorded release of a remote (`<remote>/dist/releases/<version>/`, served under `/releases/<version>/`). */
export function locationOfRelease(serverBase: string, publicBase: string, version: string): RemoteLocation {
  return { ...locationFromBase(`${trim(serverBase)}/releases/${version}`, `${trim(publicBase)}/releases/${version}`), version };
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'an http(s) URL' });
/** What `node <remote>/serve.js release` prints (12 hex digits; a longer hash is taken too), or "latest". */
const version = z.string().regex(/^([0-9a-f]{8,64}|latest)$/, 'a release version (hex digits, as `serve.js release` prints it) or "latest"');
const entrySchema = z.union(
  [
    // The remote's base URL: its latest build.
    httpUrl,
    // Its base URL(s), either defaulting to MF_<NAME>_URL / the local port, and optionally a pinned release.
    z.strictObject({ url: httpUrl.optional(), publicUrl: httpUrl.optional(), version: version.optional() }),
    // The two manifests' URLs themselves.
    z.strictObject({ server: httpUrl, client: httpUrl }),
  ],
  { error: 'an entry is a base URL, { url, publicUrl, version } or { server, client }' },
);
const registrySchema = z.strictObject(
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, entrySchema.optional()])) as Record<RemoteName, z.ZodOptional<typeof entrySchema>>,
);
type FileEntry = z.infer<typeof entrySchema>;

/** The registry's text → the remotes it names, or an error saying what is wrong with it. */
export function parseRegistry(text: string): Partial<Record<RemoteName, FileEntry>> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  const parsed = registrySchema.safeParse(json);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * The remotes' locations, read at run time: REMOTES_FILE (a path or an http(s) URL to the registry,
 * shell/README.md *Remote registry*), re-read when it changes; else MF_<NAME>_URL (+ MF_<NAME>_PUBLIC_URL
 * for the browser); else the local ports. An entry follows the remote's latest build or pins one of its
 * releases (`{ "version": "<hash>" }`, resolved against its base URL); a rollback is that entry back.
 * A registry that cannot be read or is not valid is refused whole and logged (once per problem): the last
 * good one stays in force (the environment's remotes before any), so a bad edit never takes the site down.
 */
export class RemoteDirectory {
  /** The registry in force: the last good read (undefined before one). */
  private good: RemoteDirectoryData | undefined;
  private env: RemoteDirectoryData | undefined;
  /** The last read, good or refused: the file's identity (inode, mtime, size) or the URL's fetch time. */
  private seen: { stamp: string; at: number } | undefined;
  /** The problem logged last, so a refused registry is logged once, not per request. */
  private problem: string | undefined;
  /** Counts the registries taken: a read's generation orders it against other reads of the same moment. */
  private generation = 0;

  constructor(private readonly opts: { remotesFile?: string; env?: NodeJS.ProcessEnv; ttlMs?: number; log?: Logger }) {}

  private bases(): Record<RemoteName, { base: string; publicBase: string }> {
    const env = this.opts.env ?? process.env;
    const out = {} as Record<RemoteName, { base: string; publicBase: string }>;
    for (const name of REMOTE_NAMES) {
      const base = env[`${ENV_PREFIX[name]}_URL`] ?? `http://127.0.0.1:${DEFAULT_PORTS[name]}`;
      const publicBase = env[`${ENV_PREFIX[name]}_PUBLIC_URL`] ?? (env[`${ENV_PREFIX[name]}_URL`] ? base : `http://localhost:${DEFAULT_PORTS[name]}`);
      out[name] = { base, publicBase };
    }
    return out;
  }

  private fromEnv(): RemoteDirectoryData {
    if (!this.env) {
      const bases = this.bases();
      this.env = Object.fromEntries(REMOTE_NAMES.map((name) => [name, locationFromBase(bases[name].base, bases[name].publicBase)])) as RemoteDirectoryData;
    }
    return this.env;
  }

  private current(): RemoteDirectoryData {
    return this.good ?? this.fromEnv();
  }

  /** The last directory read (the environment's before the first read), without waiting: for per-response headers. */
  snapshot(): RemoteDirectoryData {
    return this.current();
  }

  /** The directory in force; never throws (a registry that cannot be read or is refused leaves the last good one). */
  async get(): Promise<RemoteDirectoryData> {
    return (await this.read()).data;
  }

  /**
   * The directory in force with its generation, which grows with every registry taken: of two requests
   * that read it around a change, the one with the higher generation saw the newer registry, whichever
   * of them gets on first.
   */
  async read(): Promise<{ data: RemoteDirectoryData; generation: number }> {
    const file = this.opts.remotesFile;
    const current = () => ({ data: this.current(), generation: this.generation });
    if (!file) return current();
    const now = Date.now();
    const remote = /^https?:/.test(file);
    if (remote && this.seen && now - this.seen.at < (this.opts.ttlMs ?? 5000)) return current();
    let stamp = `fetched ${now}`;
    try {
      let text: string;
      if (remote) {
        // Callers within the TTL meanwhile get the registry in force, not a fetch each.
        this.seen = { stamp, at: now };
        const res = await fetch(file, { signal: AbortSignal.timeout(2000) });
        if (!res.ok) throw new Error(`GET ${file}: ${res.status}`);
        text = await res.text();
      } else {
        const st = await stat(file);
        stamp = `${st.ino}:${st.mtimeMs}:${st.size}`;
        if (this.seen?.stamp === stamp) return current();
        text = await readFile(file, 'utf8');
      }
      const data = this.resolve(parseRegistry(text));
      if (JSON.stringify(data) !== JSON.stringify(this.good)) {
        this.good = data;
        this.generation += 1;
      }
      this.seen = { stamp, at: now };
      if (this.problem !== undefined) this.log().info({ remotesFile: file }, 'remote registry valid again');
      this.problem = undefined;
      return current();
    } catch (err) {
      this.seen = { stamp, at: now };
      const message = err instanceof Error ? err.message : String(err);
      if (message !== this.problem) {
        this.problem = message;
        this.log().error(
          { remotesFile: file, err: message },
          this.good ? 'remote registry refused: the last good one stays in force' : "remote registry refused: the environment's remotes are used",
        );
      }
      return current();
    }
  }

  private log(): Logger {
    return this.opts.log ?? { info: (obj, msg) => console.log(msg, obj), error: (obj, msg) => console.error(msg, obj) };
  }

  private resolve(json: Partial<Record<RemoteName, FileEntry>>): RemoteDirectoryData {
    const bases = this.bases();
    const data = { ...this.fromEnv() };
    for (const name of REMOTE_NAMES) {
      const entry = json[name];
      if (entry === undefined) continue;
      if (typeof entry === 'string') data[name] = locationFromBase(entry);
      else if ('server' in entry) data[name] = { server: entry.server, client: entry.client };
      else {
        const base = entry.url ?? bases[name].base;
        const publicBase = entry.publicUrl ?? entry.url ?? bases[name].publicBase;
        data[name] = entry.version && entry.version !== 'latest' ? locationOfRelease(base, publicBase, entry.version) : locationFromBase(base, publicBase);
      }
    }
    return data;
  }
}
