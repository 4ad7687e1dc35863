// The tiny static server of a remote: dist/ (client/ and server/ builds) with CORS, ETags and
// revalidation for the unhashed files (mf-manifest.json, remoteEntry.js). Builds first when dist/
// is missing, so `npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.html': 'text/html; charset=utf-8', '.map': 'application/json', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8' };
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

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
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    res.setHeader('etag', etag);
    res.setHeader('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
    res.setHeader('content-length', st.size);
    res.writeHead(200);
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
