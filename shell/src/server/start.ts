import { build } from './app.js';
import type { ShellConfig } from './config.js';

/** Starts the server (main.ts reads the configuration before React is loaded). */
export async function start(config: ShellConfig): Promise<void> {
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
}
