import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** /images/bukken/* and /images/company/* from the subgraphs that draw them (relative image URLs). */
export default fp(
  async function imagesProxy(app: FastifyInstance, opts: { bukkenImagesUrl: string; companyImagesUrl: string }) {
    const route = (prefix: string, origin: string) =>
      app.get(`${prefix}/*`, async (req, reply) => {
        try {
          const res = await fetch(`${origin.replace(/\/+$/, '')}${req.url}`, { signal: AbortSignal.timeout(5000) });
          reply.code(res.status);
          for (const name of ['content-type', 'cache-control', 'etag', 'last-modified']) {
            const v = res.headers.get(name);
            if (v) reply.header(name, v);
          }
          return reply.send(Buffer.from(await res.arrayBuffer()));
        } catch {
          return reply.code(502).send();
        }
      });
    route('/images/bukken', opts.bukkenImagesUrl);
    route('/images/company', opts.companyImagesUrl);
  },
  { name: 'images-proxy' },
);
