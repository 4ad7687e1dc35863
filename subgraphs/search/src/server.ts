import { authFromEnv, configOrExit, listen, loggerOptions, openCache, serviceRegistry, subgraphEnv } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { build } from './app.js';
import type { DB } from './repositories/db.js';

// Every variable checked before anything opens: a bad one stops the start, named.
const config = configOrExit(() => subgraphEnv('search', {}), 'search');
const database = await openDatabase<DB>({ subgraph: 'search', lastGoodCopy: true });
// One registry for the service's /metrics: its requests, its pools and its cache's hits.
const registry = serviceRegistry('search');
const cache = await openCache({ prefix: 'search:', registry });
const app = await build({ registry, pools: database, db: database.db, cache, auth: authFromEnv(), logger: loggerOptions() });
app.addHook('onClose', async () => {
  await database.close();
  await cache.close();
});
await listen(app, config.port);
