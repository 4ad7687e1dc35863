// `npm run serve -w <remote>` and the runner's entry for a remote: build if missing, then serve dist/
// (the latest build, and every recorded release under /releases/<version>/).
// `node <remote>/serve.js release` (`npm run serve -w <remote> -- release`) records the current build
// as a release instead and prints its version: the value a remotes.json entry pins (decision 027).
import path from 'node:path';
import { onShutdown } from '@sumika/server-kit/shutdown';
import { buildIfMissing, recordRelease, serveRemote } from './serve-remote.js';

/** @param {{ dir: string, name: string, portEnv: string, defaultPort: number, argv?: string[] }} opts */
export async function main({ dir, name, portEnv, defaultPort, argv = process.argv.slice(2) }) {
  if (argv[0] === 'release') {
    try {
      const release = await recordRelease(dir);
      console.error(`[${name}] ${release.created ? 'recorded' : 'already recorded'}: ${release.path}`);
      // The version alone on stdout, for scripts: VERSION=$(node mf-search/serve.js release)
      console.log(release.version);
    } catch (err) {
      console.error(`[${name}] release failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    }
    return;
  }
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
