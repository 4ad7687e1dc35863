import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';

/** Operator endpoints, only when ADMIN_TOKEN is configured: response-cache invalidation after data loads. */
export default fp(
  async function admin(app: FastifyInstance, opts: { token: string | undefined }) {
    const token = opts.token;
    if (!token) return;
    app.post('/admin/cache/invalidate', async (req, reply) => {
      const given = Buffer.from(String(req.headers['x-admin-token'] ?? ''));
      const expected = Buffer.from(token);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).send({ errorCode: 'UNAUTHENTICATED', message: DEFAULT_MESSAGES.UNAUTHENTICATED });
      }
      await app.supergraph.responseCache.invalidate();
      return { status: 'invalidated' };
    });
  },
  { name: 'admin', dependencies: ['apollo-gateway'] },
);
