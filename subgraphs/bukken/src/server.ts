import { authFromEnv, listen, loggerOptions, openCache, openDatabase } from '@sumika/subgraph-kit';
import { build } from './app.js';
import type { DB } from './repositories/db.js';

const port = Number(process.env.BUKKEN_PORT ?? 4002);
const database = await openDatabase<DB>({ subgraph: 'bukken', lastGoodCopy: true });
const cache = await openCache({ prefix: 'bukken:' });
const app = await build({
  db: database.db,
  cache,
  auth: authFromEnv(),
  logger: loggerOptions(),
  imageOrigin: process.env.PUBLIC_IMAGE_ORIGIN ?? `http://localhost:${port}`,
});
app.addHook('onClose', async () => {
  await database.close();
  await cache.close();
});
await listen(app, port);
