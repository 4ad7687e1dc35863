import { authFromEnv, configOrExit, envVar, listen, loggerOptions, subgraphEnv } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { OUTBOX_ENV, OutboxWorker, SMTP_ENV, transportFromEnv } from '@sumika/mail-kit';
import { SITE_ORIGIN_ENV } from './alerts/mail.js';
import { startAlertScanner } from './alerts/scheduler.js';
import { build } from './app.js';
import { gatewayAlertSource } from './gateway/alert-source.js';
import { GATEWAY_CLIENT_ENV } from './gateway/client.js';
import type { DB } from './repositories/db.js';

// Every variable checked before anything opens; GATEWAY_URL is read by gateway/client.ts, PUBLIC_SITE_ORIGIN by alerts/mail.ts.
const config = configOrExit(
  () =>
    subgraphEnv('user', {
      ALERT_SCAN_INTERVAL_SECONDS: envVar.intOr(0, 600),
      // The worker here takes only these two outbox settings.
      MAIL_FROM: OUTBOX_ENV.MAIL_FROM,
      OUTBOX_INTERVAL_MS: OUTBOX_ENV.OUTBOX_INTERVAL_MS,
      ...GATEWAY_CLIENT_ENV,
      ...SITE_ORIGIN_ENV,
      ...SMTP_ENV,
    }),
  'user',
);
// Migrations run before start (npm run migrate / the local runner), as for every subgraph.
const database = await openDatabase<DB>({ subgraph: 'user', lastGoodCopy: true });
const app = await build({ pools: database, db: database.db, auth: authFromEnv(), logger: loggerOptions() });
const scanner = startAlertScanner({
  db: database.db,
  source: gatewayAlertSource(),
  intervalSeconds: config.vars.ALERT_SCAN_INTERVAL_SECONDS,
  log: app.log,
});
// Alert mails wait in this subgraph's outbox; the shared worker delivers them (SMTP_URL, else files).
const transport = transportFromEnv('user');
const worker = new OutboxWorker({
  db: database.db as never,
  transport,
  name: 'user',
  from: config.vars.MAIL_FROM,
  intervalMs: config.vars.OUTBOX_INTERVAL_MS,
  logger: app.log,
});
worker.start();
app.addHook('onClose', async () => {
  await scanner.stop();
  await worker.stop();
  await transport.close();
  await database.close();
});
await listen(app, config.port);
