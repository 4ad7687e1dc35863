import type { FastifyInstance } from 'fastify';
import { onShutdown } from '../shutdown.js';
import { parseEnv } from '../config.js';
import { AUTH_ENV, COMMON_ENV } from '../env.js';
import type { VerifierOptions } from './jwt.js';

export { shutdownGraceMs } from '../shutdown.js';

/** How subgraphs verify the gateway's tokens, from the environment. */
export function authFromEnv(env: NodeJS.ProcessEnv = process.env): VerifierOptions {
  const vars = parseEnv(AUTH_ENV, env);
  return {
    jwks: vars.GATEWAY_JWKS_URL ?? `http://127.0.0.1:${vars.GATEWAY_PORT}/.well-known/jwks.json`,
    issuer: vars.JWT_ISSUER,
  };
}

/**
 * Listens, with the service's one shutdown path (onShutdown, ../shutdown.js): on SIGINT / SIGTERM, when the
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
  onShutdown({
    log: app.log,
    env,
    close: async () => {
      closing = true;
      await app.close();
    },
  });
  await app.listen({ port, host: parseEnv({ HOST: COMMON_ENV.HOST }, env).HOST });
}
