import closeWithGrace from 'close-with-grace';
import { build } from './app.js';
import type { ShellConfig } from './config.js';

/** How long a shutdown may take before the process is ended anyway (SHUTDOWN_GRACE_MS, default 10 s, as every service). */
const shutdownGraceMs = (env: NodeJS.ProcessEnv = process.env): number => Number(env.SHUTDOWN_GRACE_MS ?? 10_000);

/**
 * Starts the server (main.ts reads the configuration before React is loaded) with its one shutdown
 * path (close-with-grace): on SIGINT / SIGTERM, when the runner that started it goes away, or on an
 * uncaught error, /readyz turns 503, the server stops accepting, pages in flight finish, kept-alive
 * connections close as they go idle, then the process exits 0 (1 after an error or past the grace period).
 */
export async function start(config: ShellConfig): Promise<void> {
  const pretty = (process.env.LOG_FORMAT ?? 'pretty') === 'pretty';
  const app = await build({
    config,
    logger: { level: process.env.LOG_LEVEL ?? 'info', ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}) },
  });
  const closer = closeWithGrace(
    { delay: shutdownGraceMs(), logger: { error: (message: unknown) => app.log.error(message) } },
    async ({ signal, err, manual }) => {
      if (err) app.log.error({ err }, 'uncaught error: closing');
      else app.log.info({ signal: signal ?? (manual ? 'runner gone' : 'exit') }, 'shutting down: finishing in-flight requests');
      await app.close();
      app.log.info('closed');
    },
  );
  // Started by the local runner with an IPC channel: stop with it instead of running on as an orphan.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => closer.close());
  }
  await app.listen({ port: config.port, host: config.host });
}
