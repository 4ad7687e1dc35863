import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { tokenSigner, type Cache } from '@sumika/subgraph-kit';
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
}

/** Builds the gateway (BFF): plugins first, then routes. No listen. */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    keepAliveTimeout: 65_000,
    forceCloseConnections: true,
    // Behind a load balancer, TRUST_PROXY makes req.ip the visitor's (per-IP rate limits).
    trustProxy: opts.config.trustProxy,
  });
  const key = await loadSigningKey(opts.config);
  const sign = cachingSigner(await tokenSigner(key, { issuer: opts.config.issuer }));
  await app.register(metrics);
  await app.register(jwks, { key });
  await app.register(cookies, { secret: loadCookieSecret(opts.config) });
  await app.register(shellClient, { keys: opts.shellKeys ?? shellKeysFromUrl(opts.config.shellJwksUrl), issuer: opts.config.shellIssuer, audiences: opts.config.shellAudiences });
  await app.register(identity, { sign });
  await app.register(apolloGateway, { config: opts.config, cache: opts.cache, sign });
  await app.register(health);
  await app.register(rest);
  await app.register(admin, { token: opts.config.adminToken });
  return app;
}
