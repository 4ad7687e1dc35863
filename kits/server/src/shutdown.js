// The one shutdown path of every process we run (subgraphs, gateway, shell, the remotes' static
// servers). Plain JavaScript with its types beside it (shutdown.d.ts) so the remotes' servers, which
// run under node without a TypeScript loader, use the same helper as the TypeScript services.
import closeWithGrace from 'close-with-grace';

/** SHUTDOWN_GRACE_MS when unset; the services' start checks (env.ts COMMON_ENV, the shell's config) take it from here. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** How long a shutdown may take before the process is ended anyway (SHUTDOWN_GRACE_MS, default 10 s). */
export function shutdownGraceMs(env = process.env) {
  return Number(env.SHUTDOWN_GRACE_MS || DEFAULT_SHUTDOWN_GRACE_MS);
}

/** Every service this process runs (one, or several in a runner's process group) and the one closer they share. */
const services = [];
let closer;

/**
 * On SIGINT / SIGTERM, when the runner that started the process goes away (its IPC channel closes),
 * or on an uncaught error: logs why, runs `close` (stop accepting, let in-flight requests finish,
 * release pools), then exits 0 — 1 after an error, or when it takes longer than the grace period
 * (close-with-grace). Several services in one process (infra/src/runner/group.ts) each register
 * here; they close together and the process exits once every one has closed.
 */
export function onShutdown({ log, close, env = process.env }) {
  services.push({ log, close });
  if (closer) return closer;
  closer = closeWithGrace({ delay: shutdownGraceMs(env), logger: { error: (message) => log.error(message) } }, async ({ signal, err, manual }) => {
    const closed = await Promise.allSettled(
      services.map(async (service) => {
        if (err) service.log.error({ err }, 'uncaught error: closing');
        else service.log.info({ signal: signal ?? (manual ? 'runner gone' : 'exit') }, 'shutting down: finishing in-flight requests');
        await service.close();
        service.log.info('closed');
      }),
    );
    const failed = closed.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  });
  // Started by the local runner with an IPC channel: stop with it instead of running on as an orphan.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => closer.close());
  }
  return closer;
}
