import { authFromEnv, listen, loggerOptions, openCache } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { build } from './app.js';
import type { DB } from './repositories/db.js';

const database = await openDatabase<DB>({ subgraph: 'company', lastGoodCopy: true });
const cache = await openCache({ prefix: 'company:' });
const app = await build({ db: database.db, cache, auth: authFromEnv(), logger: loggerOptions() });
app.addHook('onClose', async () => {
  await database.close();
  await cache.close();
});
await listen(app, Number(process.env.COMPANY_PORT ?? 4004));
