import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '@sumika/shell-kit';
import { upstreamFailureStatus } from './gateway-proxy.js';

/** /images/bukken/* and /images/company/* from the subgraphs that draw them (relative image URLs). */
export default fp(
  async function imagesProxy(app: FastifyInstance, opts: { bukkenImagesUrl: string; companyImagesUrl: string; timeoutMs?: number }) {
    const route = (prefix: string, origin: string) =>
      app.get(`${prefix}/*`, async (req, reply) => {
        const target = `${origin.replace(/\/+$/, '')}${req.url}`;
        let status: 502 | 503;
        try {
          const res = await fetch(target, { signal: AbortSignal.timeout(opts.timeoutMs ?? 5000) });
          const body = Buffer.from(await res.arrayBuffer());
          if (res.status < 500) {
            reply.code(res.status);
            for (const name of ['content-type', 'cache-control', 'etag', 'last-modified']) {
              const v = res.headers.get(name);
              if (v) reply.header(name, v);
            }
            return reply.send(body);
          }
          req.log.error({ target, upstreamStatus: res.status }, 'image upstream failed');
          status = 502;
        } catch (err) {
          status = upstreamFailureStatus(err);
          req.log.error({ err: String(err), target, status }, 'image upstream unreachable or too slow');
        }
        return reply.code(status).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(MESSAGES.serviceUnavailable);
      });
    route('/images/bukken', opts.bukkenImagesUrl);
    route('/images/company', opts.companyImagesUrl);
  },
  { name: 'images-proxy' },
);
