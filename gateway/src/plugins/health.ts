import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { request } from 'undici';

/** /healthz: the process is up. /readyz: the supergraph is loaded and every subgraph answers its /healthz. */
export default fp(
  async function health(app: FastifyInstance) {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_req, reply) => {
      const loaded = app.supergraph.loaded();
      const subgraphs: Record<string, boolean> = {};
      await Promise.all(
        Object.entries(app.supergraph.subgraphUrls()).map(async ([name, url]) => {
          try {
            const res = await request(url.replace(/\/graphql$/, '/healthz'), { headersTimeout: 1000, bodyTimeout: 1000 });
            await res.body.dump();
            subgraphs[name] = res.statusCode === 200;
          } catch {
            subgraphs[name] = false;
          }
        }),
      );
      const ready = loaded && Object.values(subgraphs).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', supergraph: loaded, subgraphs });
    });
  },
  { name: 'health', dependencies: ['apollo-gateway'] },
);
