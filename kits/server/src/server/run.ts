import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_ISSUER, type VerifierOptions } from './jwt.js';

/** How subgraphs verify the gateway's tokens, from the environment. */
export function authFromEnv(env: NodeJS.ProcessEnv = process.env): VerifierOptions {
  return {
    jwks: env.GATEWAY_JWKS_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? 4000}/.well-known/jwks.json`,
    issuer: env.JWT_ISSUER ?? DEFAULT_ISSUER,
  };
}

/** How long a shutdown may take before the process is ended anyway (SHUTDOWN_GRACE_MS, default 10 s). */
export function shutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.SHUTDOWN_GRACE_MS ?? 10_000);
}

/**
 * Listens, with the service's one shutdown path (close-with-grace): on SIGINT / SIGTERM, when the
 * runner that started it goes away, or on an uncaught error, fastify stops accepting connections,
 * answers 503 to any new request on a kept-alive one (so /readyz is 503), lets in-flight requests
 * finish, runs the onClose hooks (pools, workers), then exits 0 (1 after an error, or when it
 * takes longer than the grace period).
 */
export async function listen(app: FastifyInstance, port: number, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let closing = false;
  // A response finished while draining closes its connection; a kept-alive one would hold close() for keepAliveTimeout.
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const closer = closeWithGrace(
    { delay: shutdownGraceMs(env), logger: { error: (message: unknown) => app.log.error(message) } },
    async ({ signal, err, manual }) => {
      closing = true;
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
  await app.listen({ port, host: env.HOST ?? '127.0.0.1' });
}
