import { authFromEnv, listen, loggerOptions, openDatabase } from '@sumika/subgraph-kit';
import { startAlertScanner } from './alerts/scheduler.js';
import { build } from './app.js';
import { gatewayAlertSource } from './gateway/alert-source.js';
import type { DB } from './repositories/db.js';

// Migrations run before start (npm run migrate / the local runner), as for every subgraph.
const database = await openDatabase<DB>({ subgraph: 'user' });
const app = await build({ db: database.db, auth: authFromEnv(), logger: loggerOptions() });
const scanner = startAlertScanner({
  db: database.db,
  source: gatewayAlertSource(),
  intervalSeconds: Number(process.env.ALERT_SCAN_INTERVAL_SECONDS ?? 600),
  log: app.log,
});
app.addHook('onClose', async () => {
  await scanner.stop();
  await database.close();
});
await listen(app, Number(process.env.USER_PORT ?? 4003));
