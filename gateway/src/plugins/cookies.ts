import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Cookie parsing and signing (@fastify/cookie); the secret signs `_uid`. */
export default fp(
  async function cookies(app: FastifyInstance, opts: { secret: string }) {
    await app.register(cookie, { secret: opts.secret, hook: 'onRequest' });
  },
  { name: 'cookies' },
);
