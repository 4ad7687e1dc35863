import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShellSigner } from '../gateway/token.js';

/**
 * /healthz (the process answers), /readyz (it takes pages: 503 from the start of a shutdown, so the
 * load balancer stops sending while requests in flight finish), the shell's JWKS (so the gateway can
 * verify its token) and robots.txt (naming the XML sitemap in production).
 */
export default fp(
  async function health(app: FastifyInstance, opts: { signer: ShellSigner; production: boolean; publicOrigin: string }) {
    let closing = false;
    let drain: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      closing = true;
      // A kept-alive connection whose response ends while draining would hold close() for keepAliveTimeout: drop it once idle.
      drain = setInterval(() => app.server.closeIdleConnections(), 100);
      drain.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(drain);
    });
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_req, reply) => (closing ? reply.code(503).send({ status: 'closing' }) : { status: 'ready' }));
    app.get('/.well-known/jwks.json', async () => ({ keys: [opts.signer.publicJwk] }));
    app.get('/robots.txt', async (_req, reply) => {
      reply.type('text/plain; charset=utf-8');
      return opts.production
        ? `User-agent: *\nDisallow: /favorite\nDisallow: /detail_history\nDisallow: /stock_search\nDisallow: /incomplete\nDisallow: /graphql\nDisallow: /api/\nSitemap: ${opts.publicOrigin}/sitemap.xml\n`
        : 'User-agent: *\nDisallow: /\n';
    });
  },
  { name: 'health' },
);
