import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShellSigner } from '../gateway/token.js';

/**
 * /healthz (the process answers), /readyz (it takes pages: 503 until `warming` settles — the remotes'
 * page modules loaded once the server is ready, see ServerFederation.warm — and from the start of a
 * shutdown, so the load balancer sends nothing before the pages can render nor while requests in flight
 * finish), the shell's JWKS (so the gateway can
 * verify its token) and robots.txt (naming the XML sitemap in production).
 */
export default fp(
  async function health(app: FastifyInstance, opts: { signer: ShellSigner; production: boolean; publicOrigin: string; warming?: () => Promise<unknown> }) {
    let closing = false;
    let warm = !opts.warming;
    if (opts.warming) {
      const start = opts.warming;
      // Started once the server is ready, not awaited: health answers (and inject-driven tests run) meanwhile.
      app.addHook('onReady', async () => {
        void start()
          .catch((err: unknown) => app.log.error({ err }, 'warming the page modules failed'))
          .finally(() => {
            warm = true;
          });
      });
    }
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
    app.get('/readyz', async (_req, reply) => {
      if (closing) return reply.code(503).send({ status: 'closing' });
      return warm ? { status: 'ready' } : reply.code(503).send({ status: 'warming' });
    });
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
