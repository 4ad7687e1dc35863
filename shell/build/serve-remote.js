// The tiny static server of a remote: dist/ (client/ and server/ builds) with CORS, ETags and
// revalidation for the unhashed files (mf-manifest.json, remoteEntry.js), and the build's .br/.gz
// sibling of a file when the browser accepts it. Builds first when dist/ is missing, so `npm start`
// works on a fresh clone. Releases (decision 027): `dist/releases/<version>/{client,server}`, an
// immutable copy of a build named by its content hash, served beside the latest build at
// `/releases/<version>/…`, so the shell's registry can pin any recorded version.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};
const HASHED = /\.[0-9a-f]{6,8}\.(js|css|json|png|svg)$/;
const EXTENSIONS = { br: '.br', gzip: '.gz' };

/**
 * The encodings to try for an Accept-Encoding header, best first: br and gzip by their q (br on a
 * tie), those with q=0 left out.
 * @param {string | string[] | undefined} header
 * @returns {('br' | 'gzip')[]}
 */
export function acceptedEncodings(header) {
  const weights = new Map();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name) => weights.get(name) ?? weights.get('*') ?? 0;
  return /** @type {('br' | 'gzip')[]} */ (['br', 'gzip'].filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a)));
}

/** The precompressed sibling to send for `file`, if one accepted exists and is not older than the file. */
async function siblingFor(file, st, header) {
  for (const encoding of acceptedEncodings(header)) {
    try {
      const sib = await stat(file + EXTENSIONS[encoding]);
      if (sib.isFile() && sib.mtimeMs >= st.mtimeMs) return { encoding, file: file + EXTENSIONS[encoding], st: sib };
    } catch {
      // no sibling in this encoding
    }
  }
  return undefined;
}

/** The two builds a release holds, as dist/ has them. */
const SIDES = ['client', 'server'];
/** Every file under `dir`, relative, sorted (so the hash does not depend on the directory's order). */
async function filesUnder(dir, prefix = '') {
  const out = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/**
 * The content hash of a build: `root` holds client/ and server/ (a remote's dist/, or a release). The
 * same build gives the same version, any changed byte another: the first 12 hex digits of the SHA-256
 * of every file's path and contents.
 * @param {string} root
 * @returns {Promise<string>}
 */
export async function versionOf(root) {
  const hash = createHash('sha256');
  for (const side of SIDES) {
    const sideRoot = path.join(root, side);
    if (!existsSync(path.join(sideRoot, 'mf-manifest.json'))) throw new Error(`${sideRoot} has no build (mf-manifest.json): build the remote first`);
    for (const file of await filesUnder(sideRoot)) {
      hash.update(`${side}/${file}\0`);
      hash.update(await readFile(path.join(sideRoot, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Records the remote's current build as an immutable release, `dist/releases/<version>/{client,server}`:
 * copied aside, checked, then renamed into place (a release directory is whole or absent). Recording
 * the same build again changes nothing. Timestamps are kept, so a file's .br/.gz siblings still count
 * as fresh.
 * @param {string} dir the remote's directory
 * @returns {Promise<{ version: string, path: string, created: boolean }>}
 */
export async function recordRelease(dir) {
  const dist = path.join(dir, 'dist');
  const version = await versionOf(dist);
  const releases = path.join(dist, 'releases');
  const target = path.join(releases, version);
  if (existsSync(target)) return { version, path: target, created: false };
  const staging = path.join(releases, `.${version}.${process.pid}.tmp`);
  await rm(staging, { recursive: true, force: true });
  try {
    for (const side of SIDES) await cp(path.join(dist, side), path.join(staging, side), { recursive: true, preserveTimestamps: true });
    // The build changed while it was copied (a rebuild in between): record nothing rather than a mix.
    if ((await versionOf(staging)) !== version) throw new Error(`${dist} changed while it was recorded: try again once the build is done`);
    await rename(staging, target);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    // Another recorder of the same build got there first.
    if (existsSync(target)) return { version, path: target, created: false };
    throw err;
  }
  return { version, path: target, created: true };
}

/** Builds the remote when dist/ has no manifests yet. */
export function buildIfMissing(dir, log = console.log) {
  if (existsSync(path.join(dir, 'dist', 'client', 'mf-manifest.json')) && existsSync(path.join(dir, 'dist', 'server', 'mf-manifest.json'))) return;
  log(`[serve] ${path.basename(dir)}: no build yet, building (once)…`);
  const webpack = path.join(dir, '..', 'node_modules', '.bin', 'webpack');
  const res = spawnSync(webpack, ['--config', path.join(dir, 'webpack.config.js'), '--mode', 'production'], { cwd: dir, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`build of ${dir} failed`);
}

/**
 * @param {{ dir: string, port: number, host?: string, root?: string, extra?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean }} opts
 * @returns {Promise<http.Server>}
 */
export function serveRemote({ dir, port, host = process.env.HOST ?? '127.0.0.1', root = path.join(dir, 'dist'), extra }) {
  const server = http.createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'GET, HEAD, OPTIONS');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (extra?.(req, res)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405).end();
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === '/healthz') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    const file = path.join(root, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    let st;
    try {
      st = await stat(file);
    } catch {
      return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
    if (!st.isFile()) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const compressible = Object.values(EXTENSIONS).every((ext) => !file.endsWith(ext));
    const sibling = compressible ? await siblingFor(file, st, req.headers['accept-encoding']) : undefined;
    const sent = sibling ?? { file, st };
    // One ETag per representation: a cache must not answer a gzip request's revalidation with the br body.
    const etag = `"${sent.st.size.toString(16)}-${Math.floor(sent.st.mtimeMs).toString(16)}${sibling ? `-${sibling.encoding}` : ''}"`;
    res.setHeader('etag', etag);
    // A release never changes (its directory is named by its content): every file of it is immutable.
    const immutable = HASHED.test(file) || pathname.startsWith('/releases/');
    res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    if (compressible) res.setHeader('vary', 'accept-encoding');
    if (sibling) res.setHeader('content-encoding', sibling.encoding);
    if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
    res.setHeader('content-length', sent.st.size);
    res.writeHead(200);
    if (req.method === 'HEAD') return res.end();
    createReadStream(sent.file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
