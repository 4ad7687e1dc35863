import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShellSigner } from '../gateway/token.js';

/** /healthz, the shell's JWKS (so the gateway can verify its token) and robots.txt. */
export default fp(
  async function health(app: FastifyInstance, opts: { signer: ShellSigner; production: boolean }) {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/.well-known/jwks.json', async () => ({ keys: [opts.signer.publicJwk] }));
    app.get('/robots.txt', async (_req, reply) => {
      reply.type('text/plain; charset=utf-8');
      return opts.production
        ? 'User-agent: *\nDisallow: /favorite\nDisallow: /detail_history\nDisallow: /stock_search\nDisallow: /incomplete\nDisallow: /graphql\nDisallow: /api/\n'
        : 'User-agent: *\nDisallow: /\n';
    });
  },
  { name: 'health' },
);
