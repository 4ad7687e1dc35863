import type { IncomingHttpHeaders } from 'node:http';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES, RETRY_AFTER_SECONDS } from '@sumika/shell-kit';
import { outgoingTraceparent } from '@sumika/server-kit';
import type { ShellSigner } from '../gateway/token.js';

/** Request headers passed to the gateway as they are (with a conditional GET's validators). */
const FORWARDED = [
  'cookie',
  'user-agent',
  'referer',
  'content-type',
  'accept',
  'accept-language',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'apollographql-client-name',
  'apollographql-client-version',
  'origin',
  'if-none-match',
  'if-modified-since',
];
/** Response headers passed back to the browser, set-cookie (one per cookie) included; nothing else of the upstream's. */
const RETURNED = [
  'content-type',
  'content-length',
  'content-encoding',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'retry-after',
  'vary',
  'set-cookie',
];

/** reply-from's error codes for an upstream that did not answer in time. */
const TIMEOUT_CODES = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Timed out: 503 (try again); refused, reset or unreadable: 502. Either way the body names nothing behind the shell. */
export function upstreamFailureStatus(err: unknown): 502 | 503 {
  // By name: fetch rejects with a DOMException, not always an Error of this realm; reply-from by code.
  const { name, code } = (err ?? {}) as { name?: unknown; code?: unknown };
  return name === 'TimeoutError' || name === 'AbortError' || TIMEOUT_CODES.has(String(code)) ? 503 : 502;
}

/** Only the listed upstream headers, as they came. */
export function pickHeaders(headers: IncomingHttpHeaders, names: readonly string[]): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const name of names) {
    const v = headers[name];
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/**
 * @fastify/reply-from options shared by the shell's proxies: an upstream's answer streams through
 * with the listed headers; no retries (reply-from retries a GET's 503 after its Retry-After); a
 * failure to answer, or in time, is `onFailure`'s to answer.
 */
export function proxyOptions(opts: {
  timeoutMs: number;
  returned: readonly string[];
  onFailure: (status: 502 | 503, err: unknown) => void;
}): FastifyReplyFromHooks & { timeout: number } {
  return {
    timeout: opts.timeoutMs,
    retryDelay: () => null,
    rewriteHeaders: (headers) => pickHeaders(headers, opts.returned),
    onError: (_reply, { error }) => opts.onFailure(upstreamFailureStatus(error), error),
  };
}

/** A request URL without its query string. */
export const pathOf = (url: string): string => url.split('?', 1)[0] ?? url;

/** A Buffer body (the parsers below keep bodies raw), even an empty one, goes as it came; reply-from would JSON-encode it. */
const rawBody = (req: FastifyRequest) =>
  Buffer.isBuffer(req.body) && req.method !== 'GET' && req.method !== 'HEAD'
    ? { body: req.body, contentType: req.headers['content-type'] ?? 'application/octet-stream' }
    : {};

/**
 * Same-origin GraphQL and REST for the browser: /graphql and /api/v4_1/* go to the gateway with the
 * visitor's headers and the shell's bearer token (@fastify/reply-from); set-cookie comes back to the visitor.
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
        .send(
          rest
            ? { errorCode: 'SERVICE_UNAVAILABLE', message: MESSAGES.serviceUnavailable }
            : { errors: [{ message: MESSAGES.serviceUnavailable, extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
        );

    // reply-from in a context of its own: the images proxy has another (one `reply.from` per context).
    await app.register(async (scope) => {
      await scope.register(replyFrom, { disableRequestLogging: true, undici: { keepAliveTimeout: 4_000 } });

      const proxy = async (req: FastifyRequest, reply: FastifyReply, target: string, rest: boolean) => {
        const token = await opts.signer.token();
        const prior = req.headers['x-forwarded-for'];
        const forwardedFor = [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress].filter(Boolean).join(', ');
        return reply.from(target, {
          ...rawBody(req),
          ...proxyOptions({
            timeoutMs: opts.timeoutMs ?? 10_000,
            returned: RETURNED,
            onFailure: (status, err) => {
              req.log.error({ err: String(err), target, status }, 'gateway unreachable or too slow');
              unavailable(reply, status, rest);
            },
          }),
          // Only the listed visitor headers: never the shell's own (host, connection) or a client's authorization.
          rewriteRequestHeaders: (_req, headers) => ({
            ...pickHeaders(headers, [...FORWARDED, 'host', 'content-length']),
            authorization: `Bearer ${token}`,
            'x-forwarded-for': forwardedFor,
            traceparent: outgoingTraceparent(req),
          }),
        });
      };

      scope.route({ method: ['GET', 'POST'], url: '/graphql', handler: (req, reply) => proxy(req, reply, opts.gatewayUrl, false) });
      scope.route({
        method: ['GET', 'POST', 'PUT', 'DELETE'],
        url: '/api/v4_1/*',
        // The path only: reply-from appends the request's query string as it came (it would decode a source's).
        handler: (req, reply) => proxy(req, reply, `${gatewayOrigin}${pathOf(req.url)}`, true),
      });
    });
  },
  { name: 'gateway-proxy' },
);
