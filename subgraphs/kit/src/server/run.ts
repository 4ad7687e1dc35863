import type { FastifyInstance } from 'fastify';
import { DEFAULT_ISSUER, type VerifierOptions } from './jwt.js';

/** How subgraphs verify the gateway's tokens, from the environment. */
export function authFromEnv(env: NodeJS.ProcessEnv = process.env): VerifierOptions {
  return {
    jwks: env.GATEWAY_JWKS_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? 4000}/.well-known/jwks.json`,
    issuer: env.JWT_ISSUER ?? DEFAULT_ISSUER,
  };
}

/** Listens, and closes cleanly (connections, database) on SIGINT / SIGTERM. */
export async function listen(app: FastifyInstance, port: number, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port, host: env.HOST ?? '127.0.0.1' });
}
