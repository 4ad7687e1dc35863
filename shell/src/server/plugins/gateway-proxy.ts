import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ShellSigner } from '../gateway/token.js';

/** Request headers passed to the gateway as they are. */
const FORWARDED = ['cookie', 'user-agent', 'referer', 'content-type', 'accept', 'accept-language', 'apollo-require-preflight', 'x-apollo-operation-name', 'apollographql-client-name', 'apollographql-client-version', 'origin'];
/** Response headers passed back to the browser (set-cookie separately: there may be several). */
const RETURNED = ['content-type', 'cache-control', 'etag', 'retry-after', 'vary'];

/**
 * Same-origin GraphQL and REST for the browser: /graphql and /api/v4_1/* go to the gateway with the
 * visitor's headers and the shell's bearer token; set-cookie comes back to the visitor.
 */
export default fp(
  async function gatewayProxy(app: FastifyInstance, opts: { gatewayUrl: string; signer: ShellSigner; timeoutMs?: number }) {
    const gatewayOrigin = new URL(opts.gatewayUrl).origin;
    // The proxy forwards bodies untouched.
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const proxy = async (req: FastifyRequest, reply: FastifyReply, target: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${await opts.signer.token()}` };
      for (const name of FORWARDED) {
        const v = req.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      const prior = req.headers['x-forwarded-for'];
      headers['x-forwarded-for'] = [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress].filter(Boolean).join(', ');
      let res: Response;
      try {
        res = await fetch(target, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' || !req.body ? undefined : new Uint8Array(req.body as Buffer),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
      } catch (err) {
        req.log.error({ err: err instanceof Error ? err.message : String(err), target }, 'gateway unreachable');
        return reply.code(502).send({ errors: [{ message: 'サーバの内部エラーにより、表示できません。', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
      }
      reply.code(res.status);
      for (const name of RETURNED) {
        const v = res.headers.get(name);
        if (v) reply.header(name, v);
      }
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(Buffer.from(await res.arrayBuffer()));
    };

    app.route({ method: ['GET', 'POST'], url: '/graphql', handler: (req, reply) => proxy(req, reply, opts.gatewayUrl) });
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE'],
      url: '/api/v4_1/*',
      handler: (req, reply) => proxy(req, reply, `${gatewayOrigin}${req.url}`),
    });
  },
  { name: 'gateway-proxy' },
);
