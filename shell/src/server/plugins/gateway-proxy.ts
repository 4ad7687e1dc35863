import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '@sumika/shell-kit';
import type { ShellSigner } from '../gateway/token.js';

/** Request headers passed to the gateway as they are. */
const FORWARDED = ['cookie', 'user-agent', 'referer', 'content-type', 'accept', 'accept-language', 'apollo-require-preflight', 'x-apollo-operation-name', 'apollographql-client-name', 'apollographql-client-version', 'origin'];
/** Response headers passed back to the browser (set-cookie separately: there may be several). */
const RETURNED = ['content-type', 'cache-control', 'etag', 'retry-after', 'vary'];

/** Timed out: 503 (try again); refused, reset or unreadable: 502. Either way the body names nothing behind the shell. */
export function upstreamFailureStatus(err: unknown): 502 | 503 {
  // By name: fetch rejects with a DOMException, not always an Error of this realm.
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? 503 : 502;
}

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

    const unavailable = (reply: FastifyReply, status: 502 | 503, rest: boolean) =>
      reply
        .code(status)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send(rest ? { errorCode: 'SERVICE_UNAVAILABLE', message: MESSAGES.serviceUnavailable } : { errors: [{ message: MESSAGES.serviceUnavailable, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });

    const proxy = async (req: FastifyRequest, reply: FastifyReply, target: string, rest: boolean) => {
      const headers: Record<string, string> = { authorization: `Bearer ${await opts.signer.token()}` };
      for (const name of FORWARDED) {
        const v = req.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      const prior = req.headers['x-forwarded-for'];
      headers['x-forwarded-for'] = [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress].filter(Boolean).join(', ');
      let res: Response;
      let body: Buffer;
      try {
        res = await fetch(target, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' || !req.body ? undefined : new Uint8Array(req.body as Buffer),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        body = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        const status = upstreamFailureStatus(err);
        req.log.error({ err: String(err), target, status }, 'gateway unreachable or too slow');
        return unavailable(reply, status, rest);
      }
      reply.code(res.status);
      for (const name of RETURNED) {
        const v = res.headers.get(name);
        if (v) reply.header(name, v);
      }
      const cookies = res.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(body);
    };

    app.route({ method: ['GET', 'POST'], url: '/graphql', handler: (req, reply) => proxy(req, reply, opts.gatewayUrl, false) });
    app.route({
      method: ['GET', 'POST', 'PUT', 'DELETE'],
      url: '/api/v4_1/*',
      handler: (req, reply) => proxy(req, reply, `${gatewayOrigin}${req.url}`, true),
    });
  },
  { name: 'gateway-proxy' },
);
