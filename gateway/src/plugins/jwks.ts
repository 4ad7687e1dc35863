import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SigningKey } from '@sumika/server-kit';

/** Publishes the public half of the signing key; subgraphs verify tokens against it. */
export default fp(
  async function jwks(app: FastifyInstance, opts: { key: SigningKey }) {
    app.get('/.well-known/jwks.json', async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send({ keys: [opts.key.publicJwk] }));
  },
  { name: 'jwks' },
);
