import { authFromEnv, configOrExit, listen, loggerOptions, subgraphEnv } from '@sumika/server-kit';
import { openDatabase } from '@sumika/storage-kit';
import { OutboxWorker, outboxConfigFromEnv, transportFromEnv } from '@sumika/mail-kit';
import { build } from './app.js';
import { FORMS_ENV, mailConfigFromEnv } from './config.js';
import { createFormRateLimiter, rateLimitsFromEnv } from './rate-limit/rate-limit.js';
import { connectRedis } from './rate-limit/redis.js';
import { recaptchaFromEnv } from './recaptcha/recaptcha.js';
import type { DB } from './repositories/db.js';

// Every variable checked before anything opens: a bad one stops the start, named.
const config = configOrExit(() => subgraphEnv('forms', FORMS_ENV), 'forms');
const database = await openDatabase<DB>({ subgraph: 'forms', lastGoodCopy: true });
const redis = config.vars.REDIS_URL ? await connectRedis(config.vars.REDIS_URL) : undefined;
const limiter = createFormRateLimiter(rateLimitsFromEnv(), redis ? { redis } : {});
const outbox = outboxConfigFromEnv();
const transport = transportFromEnv('forms');

const app = await build({
  pools: database,
  db: database.db,
  limiter,
  recaptcha: recaptchaFromEnv(process.env, (err) => app.log.error({ err }, 'reCAPTCHA verification failed')),
  mail: mailConfigFromEnv(),
  // Deliver right after the commit instead of at the next poll (requests arrive after listen, when worker exists).
  onEnqueued: () => worker.kick(),
  auth: authFromEnv(),
  logger: loggerOptions(),
});
const worker = new OutboxWorker({ db: database.db, transport, name: 'forms', logger: app.log, ...outbox });
worker.start();
app.log.info({ transport: transport.kind, limiter: limiter.kind }, 'outbox worker started');

app.addHook('onClose', async () => {
  await worker.stop();
  await transport.close();
  await redis?.close();
  await database.close();
});
await listen(app, config.port);
