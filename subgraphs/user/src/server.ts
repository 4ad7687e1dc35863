import { authFromEnv, configOrExit, envVar, listen, loggerOptions, subgraphEnv } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { OutboxWorker, transportFromEnv } from '@sumika/mail-kit';
import { startAlertScanner } from './alerts/scheduler.js';
import { build } from './app.js';
import { gatewayAlertSource } from './gateway/alert-source.js';
import type { DB } from './repositories/db.js';

// Every variable checked before anything opens; GATEWAY_URL is read by gateway/client.ts, PUBLIC_SITE_ORIGIN by alerts/mail.ts.
const config = configOrExit(
  () =>
    subgraphEnv('user', {
      ALERT_SCAN_INTERVAL_SECONDS: envVar.intOr(0, 600),
      MAIL_FROM: envVar.textOr('sumika <no-reply@sumika.example>'),
      OUTBOX_INTERVAL_MS: envVar.millisOr(1, 5_000),
      GATEWAY_URL: envVar.httpUrl(),
      PUBLIC_SITE_ORIGIN: envVar.httpUrl(),
      SMTP_URL: envVar.url(),
    }),
  'user',
);
// Migrations run before start (npm run migrate / the local runner), as for every subgraph.
const database = await openDatabase<DB>({ subgraph: 'user', lastGoodCopy: true });
const app = await build({ db: database.db, auth: authFromEnv(), logger: loggerOptions() });
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
