import { loggerOptions, openDatabase } from '@sumika/subgraph-kit';
import { build } from './app.js';
import type { BukkenDB } from './repositories/db.js';

const port = Number(process.env.BUKKEN_PORT ?? 4002);
const database = await openDatabase<BukkenDB>({ subgraph: 'bukken' });
const app = await build({ db: database.db, logger: loggerOptions() });
app.addHook('onClose', () => database.close());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
await app.listen({ port, host: process.env.HOST ?? '127.0.0.1' });
