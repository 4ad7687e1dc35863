import { listenMetrics } from '@sumika/server-kit';
import { onShutdown } from '@sumika/server-kit/shutdown';
import { build } from './app.js';
import type { ShellConfig } from './config.js';

/**
 * Starts the server (main.ts reads the configuration before React is loaded) with its one shutdown
 * path (onShutdown, as every service): on SIGINT / SIGTERM, when the runner that started it goes away, or on an
 * uncaught error, /readyz turns 503, the server stops accepting, pages in flight finish, kept-alive
 * connections close as they go idle, then the process exits 0 (1 after an error or past the grace period).
 */
export async function start(config: ShellConfig): Promise<void> {
  const { level, pretty } = config.log;
  const app = await build({
    config,
    logger: { level, ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}) },
  });
  onShutdown({ log: app.log, close: () => app.close() });
  // /metrics on its own port (loopback by default), never the public one.
  await listenMetrics(app.metricsServer, { port: config.metricsPort, host: config.metricsHost }, app.log);
  await app.listen({ port: config.port, host: config.host });
}
