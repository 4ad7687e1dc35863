import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Registry } from 'prom-client';
import {
  answerExpectContinue,
  answerTraceId,
  DEFAULT_MESSAGES,
  serviceTracing,
  traceIdOptions,
  traceRequests,
  lingerBeforeClose,
  tokenSigner,
  type Cache,
} from '@sumika/server-kit';
import type { GatewayConfig } from './config.js';
import { loadCookieSecret, loadSigningKey } from './keys.js';
import { cachingSigner } from './signer-cache.js';
import admin from './plugins/admin.js';
import apolloGateway from './plugins/apollo-gateway.js';
import cookies from './plugins/cookies.js';
import health from './plugins/health.js';
import identity from './plugins/identity.js';
import jwks from './plugins/jwks.js';
import metrics from './plugins/metrics.js';
import rest from './plugins/rest.js';
import shellClient, { shellKeysFromUrl } from './plugins/shell-client.js';

export interface BuildOptions {
  config: GatewayConfig;
  cache: Cache;
  logger?: FastifyServerOptions['logger'];
  /** The shell's public keys; by default fetched from config.shellJwksUrl. */
  shellKeys?: JWTVerifyGetKey;
  /** The gateway's Prometheus registry when the main made it first (shared with its cache); else the metrics plugin makes one. */
  registry?: Registry;
}

/** Builds the gateway (BFF): plugins first, then routes. No listen. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    keepAliveTimeout: 65_000,
    // On close, idle keep-alive sockets go at once; in-flight requests finish (true would cut them).
    forceCloseConnections: 'idle',
    // Behind a load balancer, TRUST_PROXY makes req.ip the visitor's (per-IP rate limits).
    trustProxy: opts.config.trustProxy,
    // The request id is the caller's W3C trace id (the shell's), passed on to every subgraph fetch.
    ...traceIdOptions,
  });
  // A server span per request when an exporter is configured (OTEL_EXPORTER_OTLP_ENDPOINT); nothing otherwise.
  traceRequests(app, await serviceTracing('gateway'));
  answerTraceId(app);
  answerExpectContinue(app);
  lingerBeforeClose(app.server);
  // A request fastify refuses before any route (body too large, malformed JSON, bad content type):
  // 4xx with a GraphQL-shaped BAD_REQUEST, never fastify's internals; anything else is logged.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ errors: [{ message: DEFAULT_MESSAGES.BAD_REQUEST, extensions: { code: 'BAD_REQUEST', reason: err.code } }] });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ errors: [{ message: DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
  });
  // Once closing, every response closes its connection: a keep-alive socket that finishes an
  // in-flight request would otherwise hold close() until keepAliveTimeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const key = await loadSigningKey(opts.config);
  const sign = cachingSigner(await tokenSigner(key, { issuer: opts.config.issuer }));
  await app.register(metrics, { registry: opts.registry });
  await app.register(jwks, { key });
  await app.register(cookies, { secret: loadCookieSecret(opts.config) });
  await app.register(shellClient, {
    keys: opts.shellKeys ?? shellKeysFromUrl(opts.config.shellJwksUrl),
    issuer: opts.config.shellIssuer,
    audiences: opts.config.shellAudiences,
  });
  await app.register(identity, { sign });
  await app.register(apolloGateway, { config: opts.config, cache: opts.cache, sign });
  await app.register(health, { cache: opts.cache });
  await app.register(rest);
  await app.register(admin, { token: opts.config.adminToken });
  return app;
}
