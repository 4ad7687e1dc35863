// `npm run serve -w <remote>` and the runner's entry for a remote: build if missing, then serve dist/.
import path from 'node:path';
import { onShutdown } from '@sumika/server-kit/shutdown';
import { buildIfMissing, serveRemote } from './serve-remote.js';

/** @param {{ dir: string, name: string, portEnv: string, defaultPort: number }} opts */
export async function main({ dir, name, portEnv, defaultPort }) {
  buildIfMissing(dir);
  const port = Number(process.env[portEnv] ?? process.env.PORT ?? defaultPort);
  let closing = false;
  const server = await serveRemote({
    dir,
    port,
    // /readyz: 503 while draining, like every service (contracts.md).
    extra: (req, res) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/readyz') return false;
      res.writeHead(closing ? 503 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: closing ? 'closing' : 'ready' }));
      return true;
    },
  });
  console.log(`[${name}] serving ${path.join(dir, 'dist')} on http://${process.env.HOST ?? '127.0.0.1'}:${port} (client/ and server/ builds)`);
  // One shutdown path, as every service's: stop accepting, finish in-flight downloads, exit 0 (1 after the grace period).
  const log = {
    info: (obj, msg) => console.log(`[${name}] ${msg ?? obj}${obj?.signal ? ` (${obj.signal})` : ''}`),
    error: (obj, msg) => console.error(`[${name}] ${msg ?? 'error'}`, obj),
  };
  onShutdown({
    log,
    close: async () => {
      closing = true;
      // A kept-alive connection goes as soon as its response is done, not at keepAliveTimeout.
      const reaper = setInterval(() => server.closeIdleConnections(), 100);
      await new Promise((resolve) => server.close(resolve));
      clearInterval(reaper);
    },
  });
}
