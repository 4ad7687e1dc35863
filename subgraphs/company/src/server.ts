import { authFromEnv, configOrExit, listen, loggerOptions, openCache, serviceRegistry, subgraphEnv } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { build } from './app.js';
import { IMAGE_ORIGIN_ENV } from './images/urls.js';
import type { DB } from './repositories/db.js';

// Every variable checked before anything opens; images/urls.ts reads the image origin.
const config = configOrExit(() => subgraphEnv('company', IMAGE_ORIGIN_ENV), 'company');
const database = await openDatabase<DB>({ subgraph: 'company', lastGoodCopy: true });
// One registry for the service's /metrics: its requests, its pools and its cache's hits.
const registry = serviceRegistry('company');
const cache = await openCache({ prefix: 'company:', registry });
const app = await build({ registry, pools: database, db: database.db, cache, auth: authFromEnv(), logger: loggerOptions() });
app.addHook('onClose', async () => {
  await database.close();
  await cache.close();
});
await listen(app, config.port);
