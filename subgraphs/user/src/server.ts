import { authFromEnv, listen, loggerOptions } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { OutboxWorker, transportFromEnv } from '@sumika/mail-kit';
import { startAlertScanner } from './alerts/scheduler.js';
import { build } from './app.js';
import { gatewayAlertSource } from './gateway/alert-source.js';
import type { DB } from './repositories/db.js';

// Migrations run before start (npm run migrate / the local runner), as for every subgraph.
const database = await openDatabase<DB>({ subgraph: 'user', lastGoodCopy: true });
const app = await build({ db: database.db, auth: authFromEnv(), logger: loggerOptions() });
const scanner = startAlertScanner({
  db: database.db,
  source: gatewayAlertSource(),
  intervalSeconds: Number(process.env.ALERT_SCAN_INTERVAL_SECONDS ?? 600),
  log: app.log,
});
// Alert mails wait in this subgraph's outbox; the shared worker delivers them (SMTP_URL, else files).
const transport = transportFromEnv('user');
const worker = new OutboxWorker({
  db: database.db as never,
  transport,
  name: 'user',
  from: process.env.MAIL_FROM || 'sumika <no-reply@sumika.example>',
  intervalMs: Number(process.env.OUTBOX_INTERVAL_MS ?? 5_000),
  logger: app.log,
});
worker.start();
app.addHook('onClose', async () => {
  await scanner.stop();
  await worker.stop();
  await transport.close();
  await database.close();
});
await listen(app, Number(process.env.USER_PORT ?? 4003));
