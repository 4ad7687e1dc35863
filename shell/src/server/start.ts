import { build } from './app.js';
import { configFromEnv } from './config.js';

const config = configFromEnv();
const pretty = (process.env.LOG_FORMAT ?? 'pretty') === 'pretty';
const app = await build({
  config,
  logger: { level: process.env.LOG_LEVEL ?? 'info', ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
