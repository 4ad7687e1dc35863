import { authFromEnv, configOrExit, envVar, listen, loggerOptions, openCache, serviceRegistry, subgraphEnv } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { build } from './app.js';
import type { DB } from './repositories/db.js';

// Every variable checked before anything opens: a bad one stops the start, named.
const config = configOrExit(() => subgraphEnv('bukken', { PUBLIC_IMAGE_ORIGIN: envVar.httpUrl() }), 'bukken');
const database = await openDatabase<DB>({ subgraph: 'bukken', lastGoodCopy: true });
// One registry for the service's /metrics: its requests, its pools and its cache's hits.
const registry = serviceRegistry('bukken');
const cache = await openCache({ prefix: 'bukken:', registry });
const app = await build({
  registry,
  pools: database,
  db: database.db,
  cache,
  auth: authFromEnv(),
  logger: loggerOptions(),
  // Relative by default: browsers fetch images through the shell's /images proxy, same origin as the page (CSP img-src 'self').
  imageOrigin: (config.vars.PUBLIC_IMAGE_ORIGIN ?? '').replace(/\/+$/, ''),
});
app.addHook('onClose', async () => {
  await database.close();
  await cache.close();
});
await listen(app, config.port);
