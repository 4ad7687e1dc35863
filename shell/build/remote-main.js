// `npm run serve -w <remote>` and the runner's entry for a remote: build if missing, then serve dist/.
import path from 'node:path';
import { buildIfMissing, serveRemote } from './serve-remote.js';

/** @param {{ dir: string, name: string, portEnv: string, defaultPort: number }} opts */
export async function main({ dir, name, portEnv, defaultPort }) {
  buildIfMissing(dir);
  const port = Number(process.env[portEnv] ?? process.env.PORT ?? defaultPort);
  const server = await serveRemote({ dir, port });
  console.log(`[${name}] serving ${path.join(dir, 'dist')} on http://${process.env.HOST ?? '127.0.0.1'}:${port} (client/ and server/ builds)`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close(() => process.exit(0)));
}
