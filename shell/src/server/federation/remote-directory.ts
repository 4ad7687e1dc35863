import { readFile, stat } from 'node:fs/promises';
import { REMOTE_NAMES, type RemoteName } from '../../routes.js';

/** Where a remote's manifests are: the Node build for the shell server, the browser build for visitors. */
export interface RemoteLocation {
  server: string;
  client: string;
}
export type RemoteDirectoryData = Record<RemoteName, RemoteLocation>;

const DEFAULT_PORTS: Record<RemoteName, number> = { mf_search: 3001, mf_detail: 3002, mf_user: 3003, mf_forms: 3004 };
const ENV_PREFIX: Record<RemoteName, string> = { mf_search: 'MF_SEARCH', mf_detail: 'MF_DETAIL', mf_user: 'MF_USER', mf_forms: 'MF_FORMS' };

/** A remote's origin (as its static server serves dist/) → its two manifests. */
export function locationFromBase(serverBase: string, publicBase = serverBase): RemoteLocation {
  const trim = (u: string) => u.replace(/\/+$/, '');
  return { server: `${trim(serverBase)}/server/mf-manifest.json`, client: `${trim(publicBase)}/client/mf-manifest.json` };
}

type FileEntry = string | { url?: string; publicUrl?: string; server?: string; client?: string };

function fromFileEntry(entry: FileEntry): RemoteLocation {
  if (typeof entry === 'string') return locationFromBase(entry);
  if (entry.server && entry.client) return { server: entry.server, client: entry.client };
  if (entry.url) return locationFromBase(entry.url, entry.publicUrl);
  throw new Error('a remotes.json entry needs url, or server and client manifest URLs');
}

/**
 * The remotes' locations, read at run time: REMOTES_FILE (a path or an http(s) URL to a JSON object
 * { "mf_search": "http://host:3001" | { url, publicUrl } | { server, client } }), re-read when it
 * changes; else MF_<NAME>_URL (+ MF_<NAME>_PUBLIC_URL for the browser); else the local ports.
 */
export class RemoteDirectory {
  private cached: { data: RemoteDirectoryData; stamp: string; at: number } | undefined;

  constructor(private readonly opts: { remotesFile?: string; env?: NodeJS.ProcessEnv; ttlMs?: number }) {}

  private fromEnv(): RemoteDirectoryData {
    const env = this.opts.env ?? process.env;
    const out = {} as RemoteDirectoryData;
    for (const name of REMOTE_NAMES) {
      const base = env[`${ENV_PREFIX[name]}_URL`] ?? `http://127.0.0.1:${DEFAULT_PORTS[name]}`;
      const publicBase = env[`${ENV_PREFIX[name]}_PUBLIC_URL`] ?? (env[`${ENV_PREFIX[name]}_URL`] ? base : `http://localhost:${DEFAULT_PORTS[name]}`);
      out[name] = locationFromBase(base, publicBase);
    }
    return out;
  }

  /** The last directory read (the environment's before the first read), without waiting: for per-response headers. */
  snapshot(): RemoteDirectoryData {
    return this.cached?.data ?? this.fromEnv();
  }

  async get(): Promise<RemoteDirectoryData> {
    const file = this.opts.remotesFile;
    if (!file) return (this.cached ??= { data: this.fromEnv(), stamp: 'env', at: 0 }).data;
    const now = Date.now();
    if (/^https?:/.test(file)) {
      if (this.cached && now - this.cached.at < (this.opts.ttlMs ?? 5000)) return this.cached.data;
      const res = await fetch(file, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`remotes file ${file}: ${res.status}`);
      return this.merge((await res.json()) as Record<string, FileEntry>, String(now), now);
    }
    const st = await stat(file);
    const stamp = `${st.mtimeMs}:${st.size}`;
    if (this.cached?.stamp === stamp) return this.cached.data;
    return this.merge(JSON.parse(await readFile(file, 'utf8')) as Record<string, FileEntry>, stamp, now);
  }

  private merge(json: Record<string, FileEntry>, stamp: string, at: number): RemoteDirectoryData {
    const data = this.fromEnv();
    for (const name of REMOTE_NAMES) {
      const entry = json[name];
      if (entry) data[name] = fromFileEntry(entry);
    }
    this.cached = { data, stamp, at };
    return data;
  }
}
