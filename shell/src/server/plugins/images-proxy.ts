import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '@sumika/shell-kit';
import { pathOf, pickHeaders, proxyOptions } from './gateway-proxy.js';

/** What a browser's image request may tell the subgraph: formats, compression and a conditional GET's validators. */
const FORWARDED = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since', 'host'];
/** The image's own headers: type, length, encoding and every caching header (a revalidation answers 304). */
const RETURNED = ['content-type', 'content-length', 'content-encoding', 'cache-control', 'etag', 'last-modified', 'expires', 'vary', 'accept-ranges'];

/** /images/bukken/* and /images/company/* from the subgraphs that draw them (relative image URLs), through @fastify/reply-from. */
export default fp(
  async function imagesProxy(app: FastifyInstance, opts: { bukkenImagesUrl: string; companyImagesUrl: string; timeoutMs?: number }) {
    const unavailable = (reply: FastifyReply, status: 502 | 503) =>
      reply
        .code(status)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(MESSAGES.serviceUnavailable);

    // reply-from in a context of its own: the gateway proxy has another (one `reply.from` per context).
    await app.register(async (scope) => {
      await scope.register(replyFrom, { disableRequestLogging: true, undici: { keepAliveTimeout: 4_000 } });
      const route = (prefix: string, origin: string) =>
        scope.get(`${prefix}/*`, (req, reply) => {
          // The path only: reply-from appends the request's query string as it came (it would decode a source's).
          const target = `${origin.replace(/\/+$/, '')}${pathOf(req.url)}`;
          return reply.from(target, {
            ...proxyOptions({
              timeoutMs: opts.timeoutMs ?? 5000,
              returned: RETURNED,
              onFailure: (status, err) => {
                req.log.error({ err: String(err), target, status }, 'image upstream unreachable or too slow');
                unavailable(reply, status);
              },
            }),
            rewriteRequestHeaders: (_req, headers) => pickHeaders(headers, FORWARDED),
            onResponse: (_req, _reply, res) => {
              if (res.statusCode < 500) return void reply.send(res.stream);
              // The subgraph failed: its headers and body stay behind the shell.
              res.stream.resume();
              req.log.error({ target, upstreamStatus: res.statusCode }, 'image upstream failed');
              for (const name of RETURNED) reply.removeHeader(name);
              unavailable(reply, 502);
            },
          });
        });
      route('/images/bukken', opts.bukkenImagesUrl);
      route('/images/company', opts.companyImagesUrl);
    });
  },
  { name: 'images-proxy' },
);
